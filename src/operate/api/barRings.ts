import type { Subscription } from 'rxjs';
import { MarketSymbol } from '../../domain/ids.ts';
import type { Kernel } from '../../kernel/Kernel.ts';
import { barsFromTicks } from '../../market/barsFromTicks.ts';
import { parseInterval } from '../../market/parseInterval.ts';
import type { BarView } from './contract.ts';

const KEEP = 500;

/**
 * Price bars for the console's charts, per market at the shortest interval a strategy trades it
 * on, built from the same mark stream the strategies hear. Times are the bars' open, in seconds
 * (what chart libraries take).
 */
export class BarRings {
  private readonly rings = new Map<string, BarView[]>();
  private readonly subs: Subscription[] = [];

  start(k: Kernel, onBar: (market: string, bar: BarView) => void): void {
    const shortest = new Map<string, number>();
    for (const e of k.config.strategies.filter((s) => s.enabled)) {
      const ms = parseInterval(e.interval ?? '1m');
      for (const m of e.markets) shortest.set(m, Math.min(ms, shortest.get(m) ?? ms));
    }
    for (const [market, intervalMs] of shortest) {
      const ring: BarView[] = [];
      this.rings.set(market, ring);
      const symbol = MarketSymbol(market);
      const bars$ = barsFromTicks(k.feed.ticks(symbol), {
        symbol,
        intervalMs,
        scheduler: k.executor.clock.scheduler,
        graceMs: 250,
      });
      this.subs.push(
        bars$.subscribe((b) => {
          const bar = {
            time: Math.floor(b.openTime / 1000),
            open: b.open,
            high: b.high,
            low: b.low,
            close: b.close,
          };
          ring.push(bar);
          if (ring.length > KEEP) ring.shift();
          onBar(market, bar);
        }),
      );
    }
  }

  of(market: string): readonly BarView[] {
    return this.rings.get(market) ?? [];
  }

  stop(): void {
    for (const s of this.subs.splice(0)) s.unsubscribe();
  }
}
