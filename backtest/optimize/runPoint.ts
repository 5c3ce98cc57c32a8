import { type BacktestRequest, backtestFromFiles } from '../backtestFromFiles.ts';
import type { Metrics } from '../metrics/backtestMetrics.ts';
import type { Point } from './coordinate.ts';
import { lossOf, type Objective } from './objectives.ts';
import type { TrialResult } from './runStudy.ts';

/** The figures a trial keeps (and the table and --json show). */
export function keptMetrics(m: Metrics): Record<string, number | null> {
  return {
    totalReturn: m.totalReturn,
    sharpe: m.sharpe,
    sortino: m.sortino,
    calmar: m.calmar,
    sqn: m.sqn,
    maxDrawdown: m.maxDrawdown,
    trades: m.trades,
    finalEquity: m.finalEquity,
  };
}

/** The backtest a trial is: the config's run with the point's params for one strategy. */
export async function runPoint(
  request: Omit<BacktestRequest, 'onProgress' | 'params'>,
  strategyId: string,
  point: Point,
): Promise<Metrics> {
  const outcome = await backtestFromFiles({ ...request, params: { [strategyId]: point }, collect: false });
  return outcome.metrics.overall;
}

export function trialResult(objective: Objective, m: Metrics): TrialResult {
  const value = objective.value(m);
  return { value, loss: lossOf(objective, value), metrics: keptMetrics(m) };
}
