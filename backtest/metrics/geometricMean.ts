import { pairwiseSum } from './pairwiseSum.ts';

/**
 * The geometric mean return of `returns` (fractions), as backtesting.py's `geometric_mean`:
 * exp(Σ log(1 + r) / n) − 1, in its very operations (log of 1 + r, numpy's pairwise sum, exp − 1)
 * so the two agree to the last bits on nearly flat curves. Null when empty or when a return is
 * −100 % or worse (backtesting.py answers 0 there, which would read as "flat"; N/A is honest).
 */
export function geometricMean(returns: ArrayLike<number>): number | null {
  if (returns.length === 0) return null;
  const logs = new Float64Array(returns.length);
  for (let i = 0; i < returns.length; i++) {
    const g = 1 + (returns[i] ?? Number.NaN);
    if (!(g > 0)) return null;
    logs[i] = Math.log(g);
  }
  return Math.exp(pairwiseSum(logs) / returns.length) - 1;
}
