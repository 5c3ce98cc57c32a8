import { Observable, type SchedulerLike } from 'rxjs';
import type { Bar } from '../domain/bar.ts';
import type { MarketSymbol } from '../domain/ids.ts';
import type { PriceTick } from '../domain/tick.ts';
import { BarAggregator } from './BarAggregator.ts';

export interface BarsFromTicksOptions {
  readonly symbol: MarketSymbol;
  readonly intervalMs: number;
  readonly scheduler: SchedulerLike;
  /** Waits this long past a bar's end before closing it, for ticks stamped just before it. */
  readonly graceMs?: number;
  /** Told each time a late tick is dropped, with the running count. */
  readonly onLate?: (count: number) => void;
}

/**
 * Bars of one market from its ticks (rules in BarAggregator). A bar closes on the first tick of a
 * later interval, or on the scheduler at its end (+ grace) if none comes, so a quiet market
 * still closes its bar on time.
 */
export function barsFromTicks(ticks$: Observable<PriceTick>, o: BarsFromTicksOptions): Observable<Bar> {
  return new Observable<Bar>((sub) => {
    const agg = new BarAggregator(o.symbol, o.intervalMs);
    const grace = o.graceMs ?? 0;
    let timer: { unsubscribe(): void } | undefined;
    const arm = (): void => {
      timer?.unsubscribe();
      const end = agg.formingEnd;
      if (end === undefined) return;
      timer = o.scheduler.schedule(
        () => {
          const bar = agg.closeDue(o.scheduler.now() - grace);
          if (bar !== undefined) sub.next(bar);
          // A system timer may fire a millisecond before its due time (Date.now is truncated):
          // the bar is then not due yet, and waits again rather than for the next tick.
          else if (agg.formingEnd === end) arm();
        },
        end + grace - o.scheduler.now(),
      );
    };
    const ticks = ticks$.subscribe({
      next: (tick) => {
        const late = agg.lateTicks;
        const bar = agg.push(tick);
        if (agg.lateTicks !== late) o.onLate?.(agg.lateTicks);
        if (bar !== undefined) sub.next(bar);
        arm();
      },
      error: (e: unknown) => sub.error(e),
      complete: () => sub.complete(),
    });
    return () => {
      timer?.unsubscribe();
      ticks.unsubscribe();
    };
  });
}
