import {
  type BenchmarkMetrics,
  benchmarkMetrics,
  buyAndHold,
  type MarketCloses,
  NO_BENCHMARK,
} from './benchmark.ts';
import { type EquityColumns, type EquityCurve, equityColumns } from './EquityPoint.ts';
import { type EquityMetrics, equityMetrics, NO_EQUITY_METRICS } from './equityMetrics.ts';
import type { FundingSource } from './FundingSource.ts';
import { shortPeriodWarning } from './shortPeriod.ts';
import type { TradeRecord } from './TradeRecord.ts';
import { type TradeMetrics, tradeMetrics } from './tradeMetrics.ts';

export type Metrics = EquityMetrics & BenchmarkMetrics & TradeMetrics;

export interface BacktestMetrics {
  readonly overall: Metrics;
  readonly byStrategy: Readonly<Record<string, Metrics>>;
  readonly byMarket: Readonly<Record<string, Metrics>>;
  /** Things to read before the figures (annualised figures from a short period). */
  readonly warnings: readonly string[];
  /** Where each market's funding came from, when the driver says. */
  readonly fundingSources?: Readonly<Record<string, FundingSource>>;
}

export interface BacktestMetricsInput {
  /** The account's curve, one point per bar close. */
  readonly equity: EquityCurve;
  readonly trades: readonly TradeRecord[];
  /** Bar length (kept for callers; the figures use the curve's own spacing, as backtesting.py). */
  readonly intervalMs?: number;
  /** A strategy's or market's own curve when the driver keeps one; without it, its equity figures are N/A. */
  readonly strategyEquity?: Readonly<Record<string, EquityCurve>>;
  readonly marketEquity?: Readonly<Record<string, EquityCurve>>;
  /** The markets' closes (the driver's `feeds`): buy & hold, alpha and beta; without them those are N/A. */
  readonly markets?: readonly MarketCloses[];
  /**
   * The curve's point where buy & hold starts (backtesting.py's first trading bar: the bar after
   * the strategy's indicator warm-up); 0 without it.
   */
  readonly firstTradingBar?: number;
  /** The same per market, for its own buy & hold (default `firstTradingBar`). */
  readonly marketFirstTradingBar?: Readonly<Record<string, number>>;
  readonly fundingSources?: Readonly<Record<string, FundingSource>>;
}

function figures(
  curve: EquityCurve | undefined,
  markets: readonly MarketCloses[],
  trades: readonly TradeRecord[],
  account: EquityCurve,
  firstTradingBar: number | undefined,
): Metrics {
  const eq = curve === undefined ? NO_EQUITY_METRICS : equityMetrics(curve);
  const bench =
    curve === undefined
      ? NO_BENCHMARK
      : benchmarkMetrics(equityColumns(curve), markets, eq.totalReturn, firstTradingBar);
  // Exposure is measured on the account's bars: the share of them this group held a position.
  return { ...eq, ...bench, ...tradeMetrics(trades, account) };
}

/**
 * Whether a group's figures are the overall ones, computed from the very same inputs: its curve is
 * the account's (the driver's rule for a lone strategy or market), every trade is its own (a group
 * keeps the trades' order, so the same count is the same list) and so is every market. The
 * figures are pure functions of those, so the overall result is this group's, bit for bit; on a
 * million-bar curve that saves computing it again.
 */
function sameAsOverall(
  given: BacktestMetricsInput,
  curve: EquityCurve | undefined,
  trades: readonly TradeRecord[],
  markets: readonly MarketCloses[],
): boolean {
  return (
    curve !== undefined &&
    curve === given.equity &&
    trades.length === given.trades.length &&
    markets.length === (given.markets ?? []).length
  );
}

function grouped(
  given: BacktestMetricsInput,
  input: BacktestMetricsInput & { readonly equity: EquityColumns },
  overall: Metrics,
  key: 'strategy' | 'market',
  curves: Readonly<Record<string, EquityCurve>> | undefined,
): Record<string, Metrics> {
  const groups = new Map<string, TradeRecord[]>();
  for (const t of input.trades) {
    const list = groups.get(t[key]);
    if (list) list.push(t);
    else groups.set(t[key], [t]);
  }
  const all = input.markets ?? [];
  const out: Record<string, Metrics> = {};
  for (const name of [...groups.keys()].sort()) {
    const own = key === 'market' ? all.filter((m) => m.symbol === name) : all;
    const trades = groups.get(name) ?? [];
    const curve = curves?.[name];
    const first =
      (key === 'market' ? input.marketFirstTradingBar?.[name] : undefined) ?? input.firstTradingBar;
    const m = sameAsOverall(given, curve, trades, own)
      ? { ...overall }
      : figures(curve, own, trades, input.equity, first);
    // A market's buy & hold needs no curve of its own: it is the market's (none without its closes).
    out[name] =
      key === 'market' && m.buyAndHoldReturn === null
        ? { ...m, buyAndHoldReturn: buyAndHold(input.equity, own, first) }
        : m;
  }
  return out;
}

/** Every metric overall, per strategy and per market (groups sorted by name). */
export function backtestMetrics(given: BacktestMetricsInput): BacktestMetrics {
  const input = { ...given, equity: equityColumns(given.equity) };
  const overall = figures(
    input.equity,
    input.markets ?? [],
    input.trades,
    input.equity,
    input.firstTradingBar,
  );
  const warning = shortPeriodWarning(overall);
  return {
    overall,
    byStrategy: grouped(given, input, overall, 'strategy', input.strategyEquity),
    byMarket: grouped(given, input, overall, 'market', input.marketEquity),
    warnings: warning === null ? [] : [warning],
    ...(given.fundingSources === undefined ? {} : { fundingSources: given.fundingSources }),
  };
}
