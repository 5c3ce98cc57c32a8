import { from, type Observable } from 'rxjs';
import type { Bar } from '../domain/bar.ts';

/**
 * Where closed bars come from: live ticks aggregated by barsFromTicks, or a historical feed in a
 * backtest. Strategies only ever see this one type, so both modes run the same code.
 */
export type BarSource = Observable<Bar>;

/** A historical feed: the given bars in order (the backtest driver paces them on its clock). */
export function historicalBars(bars: readonly Bar[]): BarSource {
  return from(bars);
}
