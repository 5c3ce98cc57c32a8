import type { EquityColumns } from './EquityPoint.ts';
import { pairwiseSum } from './pairwiseSum.ts';

/** A market's closes, for buy & hold (`BarColumns` has this shape). */
export interface MarketCloses {
  readonly symbol: string;
  readonly time: ArrayLike<number>;
  readonly close: ArrayLike<number>;
}

/** The strategy against holding the market(s) long. */
export interface BenchmarkMetrics {
  /** Close of the last bar / close of the first trading bar − 1 (several markets: an equal-weight basket). */
  readonly buyAndHoldReturn: number | null;
  /** Sample covariance of the curve's and the market's per-bar log returns / the market's sample variance. */
  readonly beta: number | null;
  /** Jensen's alpha, risk-free rate 0: total return − beta × buy & hold return. */
  readonly alpha: number | null;
}

export const NO_BENCHMARK: BenchmarkMetrics = { buyAndHoldReturn: null, beta: null, alpha: null };

/** The market's close at or before each curve time (its first close before its first bar). */
function alignedCloses(curve: EquityColumns, m: MarketCloses): ArrayLike<number> {
  const n = curve.time.length;
  // The usual case, one market whose bars are the curve's points: its closes as they are.
  let same = m.time.length === n;
  for (let i = 0; same && i < n; i++) same = m.time[i] === curve.time[i];
  if (same) return m.close;
  const out = new Float64Array(n);
  let j = 0;
  for (let i = 0; i < out.length; i++) {
    // Past the market's last bar the read is NaN, which is never at or before a time.
    while ((m.time[j + 1] ?? Number.NaN) <= (curve.time[i] ?? Number.NaN)) j++;
    out[i] = m.close[j] ?? Number.NaN;
  }
  return out;
}

/** What is held: one market's closes, or an equal-weight basket of several (each from 1 at `first`). */
function heldValue(curve: EquityColumns, markets: readonly MarketCloses[], first: number): ArrayLike<number> {
  const aligned = markets.map((m) => alignedCloses(curve, m));
  const only = aligned[0];
  if (aligned.length === 1 && only !== undefined) return only;
  const out = new Float64Array(curve.time.length);
  for (const c of aligned)
    for (let i = 0; i < out.length; i++)
      out[i] = (out[i] ?? Number.NaN) + (c[i] ?? Number.NaN) / (c[first] ?? Number.NaN) / aligned.length;
  return out;
}

/** log(x_i / x_(i−1)) for each step, as numpy's `np.log(x[1:] / x[:-1])`. */
function logReturns(x: ArrayLike<number>): Float64Array {
  const out = new Float64Array(Math.max(0, x.length - 1));
  for (let i = 1; i < x.length; i++) out[i - 1] = Math.log((x[i] ?? Number.NaN) / (x[i - 1] ?? Number.NaN));
  return out;
}

/**
 * `np.cov(a, b)[0, 1] / np.cov(a, b)[1, 1]`: both centred on their means (numpy's pairwise sums),
 * then the products summed in order (numpy hands them to BLAS, whose order is its own).
 */
function beta(a: Float64Array, b: Float64Array): number | null {
  const n = a.length;
  if (n < 2) return null;
  const ma = pairwiseSum(a) / n;
  const mb = pairwiseSum(b) / n;
  let cross = 0;
  let square = 0;
  for (let i = 0; i < n; i++) {
    const db = (b[i] ?? Number.NaN) - mb;
    cross += ((a[i] ?? Number.NaN) - ma) * db;
    square += db * db;
  }
  const q = cross / (n - 1) / (square / (n - 1));
  return Number.isFinite(q) ? q : null;
}

/** Last close / close of the first trading bar − 1 of what is held; null when not finite. */
export function buyAndHold(
  curve: EquityColumns,
  markets: readonly MarketCloses[],
  firstTradingBar = 0,
): number | null {
  const n = curve.time.length;
  if (markets.length === 0 || n < 2 || markets.some((m) => m.time.length === 0)) return null;
  const first = Math.min(Math.max(0, firstTradingBar), n - 1);
  const held = heldValue(curve, markets, first);
  const c0 = held[first] ?? Number.NaN;
  const bh = ((held[n - 1] ?? Number.NaN) - c0) / c0;
  return Number.isFinite(bh) ? bh : null;
}

/**
 * backtesting.py's buy & hold, beta and alpha. `firstTradingBar` is the first bar a strategy can
 * act on (backtesting.py: the longest indicator warm-up); buy & hold is measured from its close,
 * beta over every bar. Null without markets, with fewer than two bars or a non-positive price.
 */
export function benchmarkMetrics(
  curve: EquityColumns,
  markets: readonly MarketCloses[],
  totalReturn: number | null,
  firstTradingBar = 0,
): BenchmarkMetrics {
  const n = curve.time.length;
  if (markets.length === 0 || n < 2 || markets.some((m) => m.time.length === 0)) return NO_BENCHMARK;
  const first = Math.min(Math.max(0, firstTradingBar), n - 1);
  const held = heldValue(curve, markets, first);
  const c0 = held[first] ?? Number.NaN;
  const bh = ((held[n - 1] ?? Number.NaN) - c0) / c0;
  const buyAndHoldReturn = Number.isFinite(bh) ? bh : null;
  const b = beta(logReturns(curve.equity), logReturns(held));
  const alpha =
    totalReturn === null || b === null || buyAndHoldReturn === null
      ? null
      : totalReturn - b * buyAndHoldReturn;
  return { buyAndHoldReturn, beta: b, alpha };
}
