import type { Metrics } from '../../backtest/metrics/backtestMetrics.ts';

const DAY = 86_400_000;
const pct = (x: number | null) => (x === null ? null : x * 100);
const days = (x: number | null) => (x === null ? null : x / DAY);
const negated = (x: number | null) => (x === null ? null : -x);

/**
 * backtesting.py 9c2b8e1's statistic name → perpflow's figure in backtesting.py's unit (percent,
 * days, the ratio itself); `Start` and `End` are the curve's, not a metric. `Commissions [$]` is
 * in a reference only when it is not 0 (backtesting.py leaves it out then).
 */
export const REFERENCE_FIGURES: Readonly<Record<string, (m: Metrics) => number | null>> = {
  Duration: (m) => days(m.durationMs),
  'Exposure Time [%]': (m) => pct(m.exposureTime),
  'Equity Final [$]': (m) => m.finalEquity,
  'Equity Peak [$]': (m) => m.equityPeak,
  'Commissions [$]': (m) => m.feesPaid,
  'Return [%]': (m) => pct(m.totalReturn),
  'Buy & Hold Return [%]': (m) => pct(m.buyAndHoldReturn),
  'Return (Ann.) [%]': (m) => pct(m.annualReturn),
  'Volatility (Ann.) [%]': (m) => pct(m.annualVolatility),
  'CAGR [%]': (m) => pct(m.cagr),
  'Sharpe Ratio': (m) => m.sharpe,
  'Sortino Ratio': (m) => m.sortino,
  'Calmar Ratio': (m) => m.calmar,
  'Alpha [%]': (m) => pct(m.alpha),
  Beta: (m) => m.beta,
  'Max. Drawdown [%]': (m) => pct(negated(m.maxDrawdown)),
  'Avg. Drawdown [%]': (m) => pct(negated(m.averageDrawdown)),
  'Max. Drawdown Duration': (m) => days(m.maxDrawdownDurationMs),
  'Avg. Drawdown Duration': (m) => days(m.averageDrawdownDurationMs),
  '# Trades': (m) => m.trades,
  'Win Rate [%]': (m) => pct(m.winRate),
  'Best Trade [%]': (m) => pct(m.bestTrade),
  'Worst Trade [%]': (m) => pct(m.worstTrade),
  'Avg. Trade [%]': (m) => pct(m.averageTrade),
  'Max. Trade Duration': (m) => days(m.maxTradeDurationMs),
  'Avg. Trade Duration': (m) => days(m.averageTradeDurationMs),
  'Profit Factor': (m) => m.profitFactor,
  'Expectancy [%]': (m) => pct(m.expectancy),
  SQN: (m) => m.sqn,
  'Kelly Criterion': (m) => m.kellyCriterion,
};

/** |ours − theirs| ≤ tolerance × |theirs|; null only against null. */
export function relativeGap(ours: number | null, theirs: number | null): number {
  if (theirs === null || ours === null) return ours === theirs ? 0 : Number.POSITIVE_INFINITY;
  if (ours === theirs) return 0;
  return Math.abs(ours - theirs) / Math.abs(theirs);
}
