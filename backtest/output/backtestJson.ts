import type { BacktestOutcome } from '../backtestFromFiles.ts';

const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * The `--json FILE` document: metrics (overall, per strategy, per market), final equity, the
 * equity curve and every trade with ISO 8601 UTC times. Money is a plain number here: it is a
 * report, not a ledger.
 */
export function backtestJson(o: BacktestOutcome): Record<string, unknown> {
  const r = o.result;
  const curve: { time: string; equity: number }[] = [];
  for (let i = 0; i < r.equity.time.length; i++)
    curve.push({ time: iso(r.equity.time[i] as number), equity: r.equity.equity[i] as number });
  return {
    strategies: o.strategies,
    settings: o.settings,
    intervalMs: r.intervalMs,
    initialCash: r.initialCash,
    finalEquity: r.finalEquity,
    metrics: o.metrics,
    equity: curve,
    trades: r.trades.map((t) => ({
      strategy: t.strategy,
      market: t.market,
      side: t.side,
      quantity: t.quantity,
      entryTime: iso(t.entryTime),
      exitTime: iso(t.exitTime),
      entryPrice: t.entryPrice,
      exitPrice: t.exitPrice,
      pnl: t.pnl,
      fees: t.fees,
      funding: t.funding,
    })),
    denials: r.denials,
    strategyEvents: r.strategyEvents,
  };
}
