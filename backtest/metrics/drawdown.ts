import type { EquityColumns } from './EquityPoint.ts';
import { mean } from './pairwiseSum.ts';

/** The falls from a running peak, as backtesting.py's `compute_drawdown_duration_peaks` finds them. */
export interface Drawdown {
  /** 1 − equity / peak at its worst, as a positive fraction (0.25 = 25 % below the peak); 0 when it never falls. */
  readonly max: number;
  /** Longest drawdown in ms, from its peak to the first point back at the peak (or the last point). */
  readonly maxDurationMs: number;
  /** Mean of each drawdown's deepest point; 0 when there is none. */
  readonly average: number;
  /** Mean drawdown length in ms; 0 when there is none. */
  readonly averageDurationMs: number;
}

/**
 * A drawdown runs from a point at its running peak (drawdown 0) to the next such point, or to the
 * last point if the curve never gets back, when at least one point between them is below the
 * peak. As in backtesting.py, a fall that only starts at the very last point is not an episode
 * (there is no point between its peak and the end), though it still counts for `max`.
 */
export function drawdown(curve: EquityColumns): Drawdown {
  const { time, equity } = curve;
  const n = equity.length;
  let peak = Number.NEGATIVE_INFINITY;
  let max = 0;
  let prevZero = -1;
  let deepest = 0;
  const depths: number[] = [];
  let sumDuration = 0;
  let maxDurationMs = 0;
  const close = (end: number, depth: number) => {
    const d = (time[end] ?? Number.NaN) - (time[prevZero] ?? Number.NaN);
    depths.push(depth);
    sumDuration += d;
    maxDurationMs = Math.max(maxDurationMs, d);
  };
  for (let i = 0; i < n; i++) {
    const e = equity[i] ?? Number.NaN;
    peak = Math.max(peak, e);
    const dd = 1 - e / peak;
    max = Math.max(max, dd);
    if (dd === 0) {
      if (prevZero >= 0 && i > prevZero + 1) close(i, deepest);
      prevZero = i;
      deepest = 0;
    } else {
      deepest = Math.max(deepest, dd);
      if (i === n - 1 && prevZero >= 0 && i > prevZero + 1) close(i, deepest);
    }
  }
  return {
    max,
    maxDurationMs,
    average: mean(depths) ?? 0,
    averageDurationMs: depths.length === 0 ? 0 : sumDuration / depths.length,
  };
}
