import { runSweepJob } from '../runSweepJob.ts';
import { MissingInputError } from './findFile.ts';
import type { SweepQueue } from './openSweepQueue.ts';
import { type QueuedSet, SWEEP_QUEUE } from './queuedSet.ts';
import { recordSetResult } from './recordSetResult.ts';
import type { SetInputs } from './setInputs.ts';

export interface SetContext {
  /** `host:pid`, written beside each answer and in the log. */
  readonly worker: string;
  readonly inputs: (set: QueuedSet) => SetInputs;
  readonly log: (line: string) => void;
  readonly now: () => number;
  /**
   * This process's CPU time in ms: logged beside a set's wall time, a set whose CPU time falls short
   * of its wall time waited for a core (other processes on the host), not for work.
   */
  readonly cpuMs: () => number;
}

/**
 * One job: the set's inputs found by content, the backtest run by the local sweep's own function,
 * and the answer written with the job's completion (exactly once). A worker that lacks an input
 * fails the job, naming the file, so that pg-boss retries it (on a worker that has it) and the
 * submitter shows the reason if none does.
 */
export async function workOnSet(
  q: SweepQueue,
  job: { readonly id: string; readonly data: QueuedSet },
  c: SetContext,
): Promise<'recorded' | 'duplicate' | 'failed'> {
  const set = job.data;
  const what = `set ${set.index} of sweep ${set.sweepId.slice(0, 8)}`;
  const start = c.now();
  const cpuStart = c.cpuMs();
  c.log(`worker ${c.worker}: ${what}: running (job ${job.id})`);
  let inputs: SetInputs;
  try {
    inputs = c.inputs(set);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    c.log(
      `worker ${c.worker}: ${what}: failed${e instanceof MissingInputError ? '' : ' reading its inputs'}: ${message}`,
    );
    await q.boss.fail(SWEEP_QUEUE, job.id, { message });
    return 'failed';
  }
  const answer = await runSweepJob(
    {
      index: set.index,
      request: {
        configFile: inputs.configFile,
        data: inputs.data,
        funding: inputs.funding,
        ...(set.from === undefined ? {} : { from: set.from }),
        ...(set.to === undefined ? {} : { to: set.to }),
      },
      params: set.params,
    },
    inputs.ids,
    inputs.loaded,
  );
  const r = await recordSetResult(
    q.pool,
    q.boss,
    { id: job.id, sweepId: set.sweepId, index: set.index },
    answer,
    c.worker,
  );
  c.log(
    `worker ${c.worker}: ${what}: ${r.wrote ? 'recorded' : 'already recorded by another worker, not counted again'} (${c.now() - start} ms, CPU ${Math.round(c.cpuMs() - cpuStart)} ms)`,
  );
  return r.wrote ? 'recorded' : 'duplicate';
}
