import { backtestDrift } from '../../src/report/drift/backtestDrift.ts';
import type { DriftReport } from '../../src/report/drift/driftReport.ts';
import type { BacktestOutcome } from '../backtestFromFiles.ts';

/**
 * `perpflow backtest … --drift JOURNAL`: the live journal against this backtest, over the bars it
 * walked, or `--from`/`--to` (a live session's bars, `perpflow record export --bars`, make the
 * backtest its model).
 */
export function driftAgainst(
  journal: string,
  outcome: BacktestOutcome,
  range: { readonly from: number | undefined; readonly to: number | undefined },
): DriftReport {
  const firsts = outcome.feeds.map((f) => f.time[0] ?? Number.POSITIVE_INFINITY);
  const ends = outcome.feeds.map((f) => (f.time[f.length - 1] ?? Number.NEGATIVE_INFINITY) + f.intervalMs);
  return backtestDrift(journal, outcome.result, {
    strategies: outcome.strategies.map((s) => s.id),
    since: range.from ?? Math.min(...firsts),
    until: range.to ?? Math.max(...ends),
  });
}
