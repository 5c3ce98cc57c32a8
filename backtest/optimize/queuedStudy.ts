import type { BacktestRequest } from '../backtestFromFiles.ts';
import { fileRef } from '../sweep/queue/fileRef.ts';
import { openSweepQueue } from '../sweep/queue/openSweepQueue.ts';
import { type QueuedSet, SWEEP_QUEUE } from '../sweep/queue/queuedSet.ts';
import { failedSets } from '../sweep/queue/sweepProgress.ts';
import { readSweepResults } from '../sweep/queue/sweepResults.ts';
import type { SweepAnswer } from '../sweep/runSweepJob.ts';
import { lossOf, type Objective } from './objectives.ts';
import { seededRng } from './rng.ts';
import type { StudyRun } from './runStudy.ts';
import { TrialState } from './Sampler.ts';
import type { Claim } from './studyStore.ts';
import { type StoredTrial, trialView } from './studyStore.ts';

export interface QueueOptions {
  readonly url: string;
  /** Trials in the queue at once (the constant liar keeps them apart). */
  readonly parallel: number;
  readonly expireSeconds: number;
  readonly retries: number;
  readonly pollMs: number;
  readonly sleep: (ms: number) => Promise<void>;
}

/** The figures an objective reads, from a worker's answer (runSweepJob keeps them). */
function resultOf(objective: Objective, answer: Extract<SweepAnswer, { ok: true }>) {
  const m = answer.metrics;
  const f = (k: string) => m[k] ?? null;
  const value = objective.value({
    sharpe: f('sharpe'),
    sortino: f('sortino'),
    calmar: f('calmar'),
    sqn: f('sqn'),
    totalReturn: f('totalReturn'),
    maxDrawdown: f('maxDrawdown'),
  });
  return { value, loss: lossOf(objective, value), metrics: { ...m, finalEquity: answer.finalEquity } };
}

/**
 * The study's trials run by `perpflow worker` processes through the sweep queue (pg-boss): up to
 * `parallel` trials are claimed in the study and queued at once, each as a set of the sweep
 * `queueId` keyed by its trial number; a set's answer is written once by whichever worker ran it
 * (a killed worker's set expires and goes to another), so each trial is counted once. The study
 * itself stays in this process's store. A trial this process takes over from a dead one whose
 * answer is already in the queue's results is finished from it, not run again.
 */
export async function runQueuedStudy(
  o: Omit<StudyRun, 'run' | 'pruner'> & {
    readonly queue: QueueOptions;
    readonly queueId: string;
    readonly objective: Objective;
    readonly strategyId: string;
    readonly request: Omit<BacktestRequest, 'onProgress' | 'params'>;
  },
): Promise<readonly StoredTrial[]> {
  const base = {
    config: fileRef(o.request.configFile),
    data: o.request.data.map((d) => ({ symbol: d.symbol, file: fileRef(d.file) })),
    funding: (o.request.funding ?? []).map((d) => ({ symbol: d.symbol, file: fileRef(d.file) })),
    ...(o.request.from === undefined ? {} : { from: o.request.from }),
    ...(o.request.to === undefined ? {} : { to: o.request.to }),
  };
  const q = await openSweepQueue(o.queue.url, {
    maintenanceSeconds: Math.max(1, Math.min(60, Math.floor(o.queue.expireSeconds / 3))),
    onError: () => {},
  });
  try {
    const inFlight = new Map<number, Claim>();
    for (;;) {
      while (inFlight.size < o.queue.parallel) {
        const claim = await o.store.claim(o.owner, o.trials, (trials, number) =>
          o.sampler.sample(o.space, trials.map(trialView), seededRng(o.seed, number)),
        );
        if (claim === undefined) break;
        inFlight.set(claim.number, claim);
        // Only a trial taken over from a dead process may have its answer already.
        if (claim.reclaimed && (await readSweepResults(q.pool, o.queueId, [claim.number])).has(claim.number))
          continue;
        const job: QueuedSet = {
          sweepId: o.queueId,
          index: claim.number,
          ...base,
          params: { [o.strategyId]: claim.point },
        };
        await q.boss.insert([
          {
            name: SWEEP_QUEUE,
            data: job,
            retryLimit: o.queue.retries,
            expireInSeconds: o.queue.expireSeconds,
          },
        ]);
      }
      if (inFlight.size === 0) break;
      const results = await readSweepResults(q.pool, o.queueId, [...inFlight.keys()]);
      const failed = await failedSets(q, o.queueId);
      let finished = 0;
      for (const n of [...inFlight.keys()]) {
        const answer = results.get(n);
        const why = failed.get(n);
        if (answer === undefined && why === undefined) continue;
        inFlight.delete(n);
        finished++;
        await o.store.finish(
          n,
          o.owner,
          answer?.ok === true
            ? { state: TrialState.complete, ...resultOf(o.objective, answer) }
            : {
                state: TrialState.failed,
                value: null,
                loss: null,
                metrics: {},
                error: answer?.ok === false ? answer.error : (why ?? 'failed in the queue'),
              },
        );
      }
      if (finished > 0) o.onTrial?.(await o.store.trials());
      else await o.queue.sleep(o.queue.pollMs);
    }
    return o.store.trials();
  } finally {
    await q.close();
  }
}
