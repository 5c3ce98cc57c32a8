import type { Choice } from '../../src/config/searchSpace.ts';
import type { BacktestRequest } from '../backtestFromFiles.ts';
import type { SweepRow } from '../sweep/rankSweep.ts';
import { walkForward, walkForwardTable } from '../sweep/walkForward.ts';
import { honestyWarnings } from './honesty.ts';
import type { Objective } from './objectives.ts';
import { rankedTrials } from './optimizeTable.ts';
import { barsIn, pruningCheckpoints, runPoint, trialResult } from './runPoint.ts';
import { runStudy, type StudyRun } from './runStudy.ts';
import { TrialState } from './Sampler.ts';
import type { StudyStorage } from './studyStorage.ts';

type Request = Omit<BacktestRequest, 'onProgress' | 'params'>;

/**
 * --walk-forward: the existing walk-forward (backtest/sweep/walkForward.ts) with a study in
 * place of the grid sweep on each training window; its best point runs on the next test window
 * and the test runs are stitched into one out-of-sample account. Each window's study is stored as
 * `<study>.window<k>`, so an interrupted walk-forward resumes window by window.
 */
export async function walkForwardStudy(o: {
  readonly request: Request;
  readonly range: { readonly start: number; readonly end: number };
  readonly spec: { readonly trainMs: number; readonly testMs: number };
  readonly objective: Objective;
  readonly strategyId: string;
  readonly open: (window: number, bounds: { from: number; to: number }) => Promise<StudyStorage>;
  readonly study: Omit<StudyRun, 'store' | 'run'>;
}) {
  const inSample: (number | null)[] = [];
  const sweep = async (window: Request): Promise<SweepRow<Choice>[]> => {
    const bounds = { from: window.from ?? o.range.start, to: window.to ?? o.range.end };
    const store = await o.open(inSample.length + 1, bounds);
    try {
      const trials = await runStudy({
        ...o.study,
        store,
        run: async (point, report) =>
          trialResult(
            o.objective,
            await runPoint(
              window,
              o.strategyId,
              point,
              pruningCheckpoints(
                barsIn(window.loaded?.feeds[0]?.time ?? [], bounds.from, bounds.to),
                o.objective,
                report,
              ),
            ),
          ),
      });
      const ranked = rankedTrials(trials);
      inSample.push(ranked[0]?.state === TrialState.complete ? ranked[0].value : null);
      // Rows as the walk-forward reads a sweep's: best first, params by strategy id (choices
      // may be strings: the test run's params accept any value the strategy's schema does).
      return ranked.map((t, index) => ({
        params: { [o.strategyId]: t.point },
        answer:
          t.state === TrialState.complete
            ? { index, ok: true, metrics: { ...t.metrics }, finalEquity: t.metrics.finalEquity ?? Number.NaN }
            : { index, ok: false, error: t.error ?? 'failed' },
      }));
    } finally {
      await store.close();
    }
  };
  const result = await walkForward({ ...o.request, from: o.range.start, to: o.range.end }, [], o.spec, sweep);
  const s = result.stitched;
  const outOfSample = o.objective.value({ ...s.metrics, sqn: null });
  const known = inSample.filter((v): v is number => v !== null).sort((a, b) => a - b);
  const medianInSample = known.length === 0 ? null : (known[known.length >> 1] ?? null);
  const warnings = honestyWarnings(o.objective, medianInSample, outOfSample, s.trades);
  const fmt = (v: number | null) => (v === null ? 'n/a' : v.toFixed(4));
  const text = `${walkForwardTable(result)}\n${o.objective.name}: in sample (median of the ${inSample.length} training windows' best) ${fmt(medianInSample)}; out of sample (stitched) ${fmt(outOfSample)}\n${warnings.map((w) => `\nWARNING: ${w}\n`).join('')}`;
  const json = {
    mode: 'walk-forward',
    objective: o.objective.name,
    windows: result.windows.map((w, i) => ({ ...w, inSampleValue: inSample[i] ?? null })),
    inSample: { medianValue: medianInSample },
    outOfSample: { value: outOfSample, trades: s.trades, metrics: s.metrics },
    warnings,
  };
  return { text, json, warnings };
}
