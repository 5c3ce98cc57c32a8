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
    for (let i = from; i < to; i++) s += xs[i] as number;
    return s;
  }
  if (n <= 128) {
    const r = [0, 0, 0, 0, 0, 0, 0, 0];
    for (let j = 0; j < 8; j++) r[j] = xs[from + j] as number;
    const whole = n - (n % 8);
    for (let i = 8; i < whole; i += 8)
      for (let j = 0; j < 8; j++) r[j] = (r[j] as number) + (xs[from + i + j] as number);
    const [a, b, c, d, e, f, g, h] = r as [number, number, number, number, number, number, number, number];
    let s = a + b + (c + d) + (e + f + (g + h));
    for (let i = from + whole; i < to; i++) s += xs[i] as number;
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
  const sq = Float64Array.from(xs, (x) => (x - m) ** 2);
  return pairwiseSum(sq) / (xs.length - 1);
}
