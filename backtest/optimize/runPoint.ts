import { type BacktestRequest, backtestFromFiles } from '../backtestFromFiles.ts';
import type { Metrics } from '../metrics/backtestMetrics.ts';
import type { EquityColumns } from '../metrics/EquityPoint.ts';
import { equityMetrics } from '../metrics/equityMetrics.ts';
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
  checkpoints?: BacktestRequest['checkpoints'],
): Promise<Metrics> {
  return (await runPointCurve(request, strategyId, point, checkpoints)).metrics;
}

/** The same, with the account's equity curve (for the report). */
export async function runPointCurve(
  request: Omit<BacktestRequest, 'onProgress' | 'params'>,
  strategyId: string,
  point: Point,
  checkpoints?: BacktestRequest['checkpoints'],
): Promise<{ readonly metrics: Metrics; readonly equity: EquityColumns }> {
  const outcome = await backtestFromFiles({
    ...request,
    params: { [strategyId]: point },
    collect: false,
    ...(checkpoints === undefined ? {} : { checkpoints }),
  });
  return { metrics: outcome.metrics.overall, equity: outcome.result.equity };
}

/** Where a trial reports to the pruner: at 25%, 50% and 75% of its bars. */
export const CHECKPOINTS = [0.25, 0.5, 0.75] as const;

/**
 * The checkpoints of a trial over `bars` bars: at each, the objective of the curve so far
 * (equity figures only: SQN, a trade figure, has none) is reported as step 0, 1, 2. A curve
 * without the figure yet (no trade, no Sharpe) reports nothing.
 */
export function pruningCheckpoints(
  bars: number,
  objective: Objective,
  report: (step: number, loss: number) => void,
): NonNullable<BacktestRequest['checkpoints']> {
  const at = CHECKPOINTS.map((f) => Math.floor(f * bars)).filter((b) => b >= 2);
  return {
    at,
    reached: (done, curve) => {
      const value = objective.value({ ...equityMetrics(curve), sqn: null });
      if (value !== null) report(at.indexOf(done), lossOf(objective, value));
    },
  };
}

/** Bars of the first market within [from, to): the run's length, for its checkpoints. */
export function barsIn(times: ArrayLike<number>, from: number, to: number): number {
  let n = 0;
  for (let i = 0; i < times.length; i++) {
    const t = times[i] ?? Number.NaN;
    if (t >= from && t < to) n++;
  }
  return n;
}

export function trialResult(objective: Objective, m: Metrics): TrialResult {
  const value = objective.value(m);
  return { value, loss: lossOf(objective, value), metrics: keptMetrics(m) };
}
