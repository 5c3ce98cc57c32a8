import { type EquityCurve, equityColumns } from './EquityPoint.ts';
import { type EquityMetrics, equityMetrics, NO_EQUITY_METRICS } from './equityMetrics.ts';
import type { TradeRecord } from './TradeRecord.ts';
import { type TradeMetrics, tradeMetrics } from './tradeMetrics.ts';

export type Metrics = EquityMetrics & TradeMetrics;

export interface BacktestMetrics {
  readonly overall: Metrics;
  readonly byStrategy: Readonly<Record<string, Metrics>>;
  readonly byMarket: Readonly<Record<string, Metrics>>;
}

export interface BacktestMetricsInput {
  /** The account's curve, one point per bar close. */
  readonly equity: EquityCurve;
  readonly trades: readonly TradeRecord[];
  /** Bar length; chooses daily resampling (≤ 1 day) or one period per bar (longer bars). */
  readonly intervalMs: number;
  /** A strategy's or market's own curve when the driver keeps one; without it, its equity figures are N/A. */
  readonly strategyEquity?: Readonly<Record<string, EquityCurve>>;
  readonly marketEquity?: Readonly<Record<string, EquityCurve>>;
}

function grouped(
  input: BacktestMetricsInput,
  key: 'strategy' | 'market',
  curves: Readonly<Record<string, EquityCurve>> | undefined,
): Record<string, Metrics> {
  const groups = new Map<string, TradeRecord[]>();
  for (const t of input.trades) {
    const list = groups.get(t[key]);
    if (list) list.push(t);
    else groups.set(t[key], [t]);
  }
  const out: Record<string, Metrics> = {};
  for (const name of [...groups.keys()].sort()) {
    const curve = curves?.[name];
    // Exposure is measured on the account's bars: the share of them this group held a position.
    out[name] = {
      ...(curve ? equityMetrics(curve, input.intervalMs) : NO_EQUITY_METRICS),
      ...tradeMetrics(groups.get(name) as TradeRecord[], input.equity),
    };
  }
  return out;
}

/** Every metric overall, per strategy and per market (groups sorted by name). */
export function backtestMetrics(given: BacktestMetricsInput): BacktestMetrics {
  const input = { ...given, equity: equityColumns(given.equity) };
  return {
    overall: {
      ...equityMetrics(input.equity, input.intervalMs),
      ...tradeMetrics(input.trades, input.equity),
    },
    byStrategy: grouped(input, 'strategy', input.strategyEquity),
    byMarket: grouped(input, 'market', input.marketEquity),
  };
}
