import type { BacktestOutcome } from '../backtestFromFiles.ts';
import type { BacktestMetrics } from '../metrics/backtestMetrics.ts';
import { benchmarkMetrics } from '../metrics/benchmark.ts';
import { equityColumns } from '../metrics/EquityPoint.ts';

/**
 * The outcome's metrics with buy & hold, alpha and beta filled in from its own bars when the
 * driver computed them without the markets (`backtestMetrics({ markets })`): the JSON and the HTML
 * report have the bars at hand. Overall against all markets; each market's buy & hold its own.
 */
export function outcomeMetrics(o: BacktestOutcome): BacktestMetrics {
  const m = o.metrics;
  if (m.overall.buyAndHoldReturn !== null || o.feeds.length === 0) return m;
  const curve = equityColumns(o.result.equity);
  const byMarket = Object.fromEntries(
    Object.entries(m.byMarket).map(([symbol, mm]) => {
      const own = o.feeds.filter((f) => f.symbol === symbol);
      if (own.length === 0) return [symbol, mm];
      return [symbol, { ...mm, buyAndHoldReturn: benchmarkMetrics(curve, own, null).buyAndHoldReturn }];
    }),
  );
  return {
    ...m,
    overall: { ...m.overall, ...benchmarkMetrics(curve, o.feeds, m.overall.totalReturn) },
    byMarket,
  };
}
