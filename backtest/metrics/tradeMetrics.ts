import { type EquityCurve, equityColumns } from './EquityPoint.ts';
import { geometricMean } from './geometricMean.ts';
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
}

/** A trade's return on the notional it opened: pnl / (|quantity| × entry price). */
export function tradeReturn(t: TradeRecord): number {
  return t.pnl / (Math.abs(t.quantity) * t.entryPrice);
}

/** Share of `curve` points lying inside some [entryTime, exitTime]; null without points. */
export function exposureTime(trades: readonly TradeRecord[], curve: EquityCurve): number | null {
  const { time } = equityColumns(curve);
  if (time.length === 0) return null;
  const spans = trades.map((t) => [t.entryTime, t.exitTime] as const).sort((a, b) => a[0] - b[0]);
  let held = 0;
  let s = 0;
  let reach = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < time.length; i++) {
    const t = time[i] as number;
    while (s < spans.length && (spans[s] as readonly [number, number])[0] <= t) {
      reach = Math.max(reach, (spans[s] as readonly [number, number])[1]);
      s++;
    }
    if (t <= reach) held++;
  }
  return held / time.length;
}

export function tradeMetrics(trades: readonly TradeRecord[], curve: EquityCurve): TradeMetrics {
  const n = trades.length;
  const returns = trades.map(tradeReturn);
  let wins = 0;
  let up = 0;
  let down = 0;
  let pnl = 0;
  let fees = 0;
  let funding = 0;
  for (const [i, t] of trades.entries()) {
    const r = returns[i] as number;
    if (t.pnl > 0) wins++;
    if (r > 0) up += r;
    else down -= r;
    pnl += t.pnl;
    fees += t.fees;
    funding += t.funding;
  }
  return {
    trades: n,
    netPnl: pnl,
    winRate: n === 0 ? null : wins / n,
    profitFactor: ratio(up, down),
    expectancy: n === 0 ? null : returns.reduce((a, r) => a + r, 0) / n,
    averageTrade: geometricMean(returns),
    averagePnl: n === 0 ? null : pnl / n,
    exposureTime: exposureTime(trades, curve),
    feesPaid: fees,
    fundingPaid: funding,
  };
}
