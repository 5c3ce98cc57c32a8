import type { EquityPoint } from './EquityPoint.ts';

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

export function drawdown(curve: readonly EquityPoint[]): Drawdown {
  let peak = Number.NEGATIVE_INFINITY;
  let peakTime = Number.NaN;
  let max = 0;
  let maxDurationMs = 0;
  let under = false;
  for (const p of curve) {
    if (p.equity >= peak) {
      if (under) maxDurationMs = Math.max(maxDurationMs, p.time - peakTime);
      peak = p.equity;
      peakTime = p.time;
      under = false;
    } else {
      under = true;
      max = Math.max(max, 1 - p.equity / peak);
    }
  }
  const last = curve[curve.length - 1];
  if (under && last) maxDurationMs = Math.max(maxDurationMs, last.time - peakTime);
  return { max, maxDurationMs };
}
