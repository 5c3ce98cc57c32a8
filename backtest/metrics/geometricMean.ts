/**
 * The geometric mean return of `returns` (fractions), as backtesting.py's `geometric_mean`:
 * exp(mean(log(1 + r))) − 1. Null when empty or when a return is −100 % or worse (backtesting.py
 * answers 0 there, which would read as "flat"; N/A is the honest answer).
 */
export function geometricMean(returns: readonly number[]): number | null {
  if (returns.length === 0) return null;
  let logs = 0;
  for (const r of returns) {
    if (!(1 + r > 0)) return null;
    logs += Math.log1p(r);
  }
  return Math.expm1(logs / returns.length);
}
