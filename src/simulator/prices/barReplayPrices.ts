import type { Clock, TimerHandle } from '../../clock/Clock.ts';
import type { Bar } from '../../domain/bar.ts';
import type { PriceSink, PriceSource } from './PriceSource.ts';

/** The marks a bar goes through between its open and its close (the backtest's intrabar walk). */
export type IntrabarPath = (bar: Bar) => readonly number[];

export interface BarReplayOptions {
  /**
   * Clock slots per bar, `intervalMs / steps` apart: the open at slot 0, the path on the slots
   * between, the close on the last. A poller that reads every slot sees each bar's OHLC. Default 4.
   */
  readonly steps?: number;
  /**
   * Asked at the bar's first intrabar slot, after whatever filled at its open (the walk may
   * depend on the position then). Default: low, then high. Points beyond the free slots all
   * land on the last one: the engine sees each of them, a poller only the last.
   */
  readonly path?: IntrabarPath;
}

const lowThenHigh: IntrabarPath = (b) => (b.high === b.low ? [] : [b.low, b.high]);

/**
 * Replays bars as marks on the clock at the bars' own times (unlike `csvPrices`, which paces
 * closes at its own interval): what a live poller would have seen while those bars formed. Each
 * mark is stamped with its slot's time, so a bar aggregator buckets it into its own bar. Every
 * timer is set at `start`, before any poller exists: on a shared due time the mark moves first,
 * then the poll reads it (VirtualClock fires equal due times in creation order).
 */
export function barReplayPrices(bars: readonly Bar[], o: BarReplayOptions = {}): PriceSource {
  const steps = o.steps ?? 4;
  if (!Number.isInteger(steps) || steps < 2)
    throw new RangeError(`steps must be an integer ≥ 2, got ${steps}`);
  const path = o.path ?? lowThenHigh;
  const first = new Map<string, number>();
  for (const b of bars) if (!first.has(b.symbol)) first.set(b.symbol, b.open);
  return {
    kind: 'barReplay',
    initial: (symbol) => first.get(symbol),
    start(clock: Clock, sink: PriceSink) {
      const handles: TimerHandle[] = [];
      const at = (ts: number, fn: () => void): void => {
        if (ts >= clock.now()) handles.push(clock.setTimeout(fn, ts - clock.now()));
      };
      for (const b of bars) {
        const step = b.intervalMs / steps;
        const slot = (k: number): number => b.openTime + Math.round(k * step);
        const mark = (price: number, k: number): void => sink(b.symbol, price, slot(k), price);
        let walk: readonly number[] = [];
        at(slot(0), () => mark(b.open, 0));
        for (let k = 1; k < steps - 1; k++)
          at(slot(k), () => {
            if (k === 1) walk = path(b);
            const last = k === steps - 2 ? walk.length : Math.min(k, walk.length);
            for (let p = k - 1; p < last; p++) mark(walk[p] ?? Number.NaN, k);
          });
        at(slot(steps - 1), () => mark(b.close, steps - 1));
      }
      return () => {
        for (const h of handles) clock.clearTimeout(h);
      };
    },
  };
}
