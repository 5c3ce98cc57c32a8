/**
 * The sum numpy computes for a float64 array (and pandas' `sum`, `mean`, `var` through it):
 * pairwise summation, eight running sums per block of at most 128 values. Summing in numpy's order
 * gives its very bits, which matters where backtesting.py's formulas cancel (a volatility of a
 * nearly flat curve is a difference of two numbers close to 1).
 */
export function pairwiseSum(xs: ArrayLike<number>, from = 0, to = xs.length): number {
  const n = to - from;
  if (n < 8) {
    let s = 0;
    for (let i = from; i < to; i++) s += xs[i] ?? Number.NaN;
    return s;
  }
  if (n <= 128) {
    // Float64 slots hold a double exactly: the same bits as numpy's eight `r[j]`.
    const r = new Float64Array(8);
    for (let j = 0; j < 8; j++) r[j] = xs[from + j] ?? Number.NaN;
    const whole = n - (n % 8);
    for (let i = 8; i < whole; i += 8)
      for (let j = 0; j < 8; j++) r[j] = (r[j] ?? Number.NaN) + (xs[from + i + j] ?? Number.NaN);
    // Destructuring a Float64Array types each slot as possibly missing; a missing one would read NaN.
    const nan = Number.NaN;
    const [a = nan, b = nan, c = nan, d = nan, e = nan, f = nan, g = nan, h = nan] = r;
    let s = a + b + (c + d) + (e + f + (g + h));
    for (let i = from + whole; i < to; i++) s += xs[i] ?? Number.NaN;
    return s;
  }
  let half = Math.floor(n / 2);
  half -= half % 8;
  return pairwiseSum(xs, from, from + half) + pairwiseSum(xs, from + half, to);
}

/** The mean as pandas computes it: the pairwise sum over the count; null when empty. */
export function mean(xs: ArrayLike<number>): number | null {
  return xs.length === 0 ? null : pairwiseSum(xs) / xs.length;
}

/** pandas' `var(ddof=1)`: mean, then the pairwise sum of squared deviations over n − 1; null below two values. */
export function sampleVariance(xs: ArrayLike<number>): number | null {
  const m = mean(xs);
  if (m === null || xs.length < 2) return null;
  // A loop, not Float64Array.from(xs, f): that calls f through the iterator protocol, slowly.
  const sq = new Float64Array(xs.length);
  for (let i = 0; i < xs.length; i++) sq[i] = ((xs[i] ?? Number.NaN) - m) ** 2;
  return pairwiseSum(sq) / (xs.length - 1);
}
