import { itemAt } from '../../src/domain/itemAt.ts';
import { ceilToResolution, dataPeriodMs } from './dataPeriod.ts';
import { type EquityCurve, equityColumns } from './EquityPoint.ts';
import { geometricMean } from './geometricMean.ts';
import { mean, pairwiseSum, sampleVariance } from './pairwiseSum.ts';
import { ratio } from './ratio.ts';
import type { TradeRecord } from './TradeRecord.ts';

/** Metrics of a list of closed trades; fractions (0.5 = 50 %) or null (N/A). */
export interface TradeMetrics {
  readonly trades: number;
  readonly netPnl: number;
  readonly winRate: number | null;
  /** Σ positive trade returns / |Σ negative trade returns| (returns, not money, as backtesting.py). */
  readonly profitFactor: number | null;
  /** Arithmetic mean trade return. */
  readonly expectancy: number | null;
  /** Geometric mean trade return (backtesting.py's "Avg. Trade"). */
  readonly averageTrade: number | null;
  /** Mean net PnL per trade in money. */
  readonly averagePnl: number | null;
  /** Share of the curve's bars with a trade open, entry and exit bars included. */
  readonly exposureTime: number | null;
  readonly feesPaid: number;
  readonly fundingPaid: number;
  /** Highest and lowest trade return. */
  readonly bestTrade: number | null;
  readonly worstTrade: number | null;
  /** Longest and mean time from entry to exit, rounded up to the data's unit (backtesting.py's rounding). */
  readonly maxTradeDurationMs: number | null;
  readonly averageTradeDurationMs: number | null;
  /** Van Tharp's system quality number: √n × mean PnL / sample standard deviation of PnL. */
  readonly sqn: number | null;
  /** win rate − (1 − win rate) / (mean winning PnL / mean losing |PnL|). */
  readonly kellyCriterion: number | null;
}

/**
 * A trade's return on the notional it opened: pnl / (|quantity| × entry price). With pnl net of
 * fees (and funding), this is backtesting.py's `pl_pct`: sign × (exit / entry − 1) − commissions /
 * (|size| × entry).
 */
export function tradeReturn(t: TradeRecord): number {
  return t.pnl / (Math.abs(t.quantity) * t.entryPrice);
}

/** The first index whose time is at or past `t` (`after`: past it) in times that never decrease. */
function firstAt(time: ArrayLike<number>, t: number, after: boolean): number {
  let lo = 0;
  let hi = time.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const x = time[mid] ?? Number.NaN;
    if (x < t || (after && x === t)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Whether the times never decrease (NaN breaks it) and every span's ends are numbers. */
function searchable(time: ArrayLike<number>, spans: readonly (readonly [number, number])[]): boolean {
  for (let i = 1; i < time.length; i++)
    if (!((time[i] ?? Number.NaN) >= (time[i - 1] ?? Number.NaN))) return false;
  return !Number.isNaN(time[0]) && spans.every(([a, b]) => !Number.isNaN(a) && !Number.isNaN(b));
}

/**
 * Share of `curve` points lying inside some [entryTime, exitTime]; null without points. On a
 * curve in time order (a backtest's, a million points, once per strategy and overall), the points
 * of each run of overlapping spans are counted by two binary searches instead of visiting every
 * point; any other curve, point by point.
 */
export function exposureTime(trades: readonly TradeRecord[], curve: EquityCurve): number | null {
  const { time } = equityColumns(curve);
  if (time.length === 0) return null;
  const spans = trades.map((t) => [t.entryTime, t.exitTime] as const).sort((a, b) => a[0] - b[0]);
  let held = 0;
  if (searchable(time, spans)) {
    for (let s = 0; s < spans.length; ) {
      const [from, to] = spans[s] ?? [0, 0];
      let reach = to;
      for (s++; s < spans.length && (spans[s]?.[0] ?? 0) <= reach; s++)
        reach = Math.max(reach, spans[s]?.[1] ?? 0);
      held += Math.max(0, firstAt(time, reach, true) - firstAt(time, from, false));
    }
    return held / time.length;
  }
  let s = 0;
  let reach = Number.NEGATIVE_INFINITY;
  let next = spans[0];
  for (let i = 0; i < time.length; i++) {
    const t = time[i] ?? Number.NaN;
    while (next !== undefined && next[0] <= t) {
      reach = Math.max(reach, next[1]);
      s++;
      next = spans[s];
    }
    if (t <= reach) held++;
  }
  return held / time.length;
}

/** The mean of the first `count` values, as `mean` of them alone (same pairwise order); null when none. */
function meanOf(xs: Float64Array, count: number): number | null {
  return count === 0 ? null : pairwiseSum(xs, 0, count) / count;
}

export function tradeMetrics(trades: readonly TradeRecord[], curve: EquityCurve): TradeMetrics {
  const n = trades.length;
  const returns = new Float64Array(n);
  const pnls = new Float64Array(n);
  const durations = new Float64Array(n);
  // The positive and negative returns and pnls, each in trade order (what `filter` would keep).
  const ups = new Float64Array(n);
  const downs = new Float64Array(n);
  const gains = new Float64Array(n);
  const losses = new Float64Array(n);
  let nUp = 0;
  let nDown = 0;
  let nGain = 0;
  let nLoss = 0;
  let fees = 0;
  let funding = 0;
  let best = Number.NEGATIVE_INFINITY;
  let worst = Number.POSITIVE_INFINITY;
  let longest = 0;
  for (let i = 0; i < n; i++) {
    const t = itemAt(trades, i);
    const r = tradeReturn(t);
    returns[i] = r;
    pnls[i] = t.pnl;
    const duration = t.exitTime - t.entryTime;
    durations[i] = duration;
    if (r > 0) ups[nUp++] = r;
    if (r < 0) downs[nDown++] = r;
    if (t.pnl > 0) gains[nGain++] = t.pnl;
    if (t.pnl < 0) losses[nLoss++] = t.pnl;
    fees += t.fees;
    funding += t.funding;
    best = Math.max(best, r);
    worst = Math.min(worst, r);
    longest = Math.max(longest, duration);
  }
  const winRate = n === 0 ? null : nGain / n;
  const up = pairwiseSum(ups, 0, nUp);
  const down = Math.abs(pairwiseSum(downs, 0, nDown));
  const avgPnl = mean(pnls);
  const variance = sampleVariance(pnls);
  const avgWin = meanOf(gains, nGain);
  const avgLoss = meanOf(losses, nLoss);
  const period = dataPeriodMs(equityColumns(curve).time);
  return {
    trades: n,
    netPnl: pairwiseSum(pnls),
    winRate,
    profitFactor: ratio(up, down),
    expectancy: mean(returns),
    averageTrade: geometricMean(returns),
    averagePnl: avgPnl,
    exposureTime: exposureTime(trades, curve),
    feesPaid: fees,
    fundingPaid: funding,
    bestTrade: n === 0 ? null : best,
    worstTrade: n === 0 ? null : worst,
    maxTradeDurationMs: ceilToResolution(n === 0 ? null : longest, period),
    averageTradeDurationMs: ceilToResolution(mean(durations), period),
    // Without trades or with one (no sample variance) the quotient is NaN, and the ratio N/A.
    sqn: ratio(Math.sqrt(n) * (avgPnl ?? Number.NaN), Math.sqrt(variance ?? Number.NaN)),
    kellyCriterion:
      winRate === null || avgWin === null || avgLoss === null
        ? null
        : winRate - (1 - winRate) / (avgWin / -avgLoss),
  };
}
