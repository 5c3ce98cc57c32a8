import type { BacktestOutcome } from '../backtestFromFiles.ts';
import type { BacktestMetrics } from '../metrics/backtestMetrics.ts';
import { benchmarkMetrics, buyAndHold } from '../metrics/benchmark.ts';
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
  const first = o.firstTradingBars;
  const overall = benchmarkMetrics(curve, o.feeds, m.overall.totalReturn, first.overall);
  // A lone strategy's (or market's) curve is the account's (the driver's rule): its alpha and beta too.
  const alone = (n: number) => n === 1;
  const byMarket = Object.fromEntries(
    Object.entries(m.byMarket).map(([symbol, mm]) => {
      const own = o.feeds.filter((f) => f.symbol === symbol);
      if (own.length === 0) return [symbol, mm];
      const start = first.byMarket[symbol] ?? first.overall;
      return [
        symbol,
        alone(Object.keys(m.byMarket).length) && mm.totalReturn !== null
          ? { ...mm, ...benchmarkMetrics(curve, own, mm.totalReturn, start) }
          : { ...mm, buyAndHoldReturn: buyAndHold(curve, own, start) },
      ];
    }),
  );
  const byStrategy = Object.fromEntries(
    Object.entries(m.byStrategy).map(([id, ms]) => [
      id,
      alone(Object.keys(m.byStrategy).length) && ms.totalReturn !== null ? { ...ms, ...overall } : ms,
    ]),
  );
  return { ...m, overall: { ...m.overall, ...overall }, byMarket, byStrategy };
}
