import type { EquityColumns } from './EquityPoint.ts';

/** The deepest fall from a running peak and the longest time spent below one. */
export interface Drawdown {
  /** 1 − equity / peak at its worst, as a positive fraction (0.25 = 25 % below the peak). */
  readonly max: number;
  /**
   * Longest span in ms from a peak to the first point back at or above it (or to the last point
   * when the curve never recovers), as backtesting.py measures it; 0 when the curve never falls.
   */
  readonly maxDurationMs: number;
}

export function drawdown(curve: EquityColumns): Drawdown {
  const { time, equity } = curve;
  let peak = Number.NEGATIVE_INFINITY;
  let peakTime = Number.NaN;
  let max = 0;
  let maxDurationMs = 0;
  let under = false;
  for (let i = 0; i < equity.length; i++) {
    const e = equity[i] as number;
    const t = time[i] as number;
    if (e >= peak) {
      if (under) maxDurationMs = Math.max(maxDurationMs, t - peakTime);
      peak = e;
      peakTime = t;
      under = false;
    } else {
      under = true;
      max = Math.max(max, 1 - e / peak);
    }
  }
  if (under) maxDurationMs = Math.max(maxDurationMs, (time[time.length - 1] as number) - peakTime);
  return { max, maxDurationMs };
}
