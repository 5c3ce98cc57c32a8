import { hostname } from 'node:os';
import { openSweepQueue } from './openSweepQueue.ts';
import { processCpuMs } from './processCpuMs.ts';
import { type QueuedSet, SWEEP_QUEUE } from './queuedSet.ts';
import { setInputsCache } from './setInputs.ts';
import { workOnSet } from './workOnSet.ts';

export interface SweepWorkerOptions {
  readonly url: string;
  /** Where this machine keeps the sweeps' files (by name or by sha256); paths as given are tried too. */
  readonly dataDir?: string;
  /** The wait between looks at an empty queue. */
  readonly pollMs: number;
  /** How often this worker looks for expired sets (a dead worker's) to put back in the queue. */
  readonly maintenanceSeconds: number;
  readonly log: (line: string) => void;
  readonly now: () => number;
  readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Aborted: the worker finishes the set in hand, then stops. */
  readonly signal: AbortSignal;
}

/** `perpflow worker URL`: takes sweep sets one at a time until stopped; how many it recorded. */
export async function runSweepWorker(o: SweepWorkerOptions): Promise<{ readonly sets: number }> {
  const worker = `${hostname()}:${process.pid}`;
  const q = await openSweepQueue(o.url, {
    maintenanceSeconds: o.maintenanceSeconds,
    onError: (e) => o.log(`worker ${worker}: queue error: ${e.message}`),
  });
  const context = { worker, inputs: setInputsCache(o.dataDir), log: o.log, now: o.now, cpuMs: processCpuMs };
  let sets = 0;
  try {
    o.log(
      `worker ${worker}: waiting for sweep sets on ${q.where} (queue ${SWEEP_QUEUE}, schema ${q.schema})`,
    );
    while (!o.signal.aborted) {
      const [job] = await q.boss.fetch<QueuedSet>(SWEEP_QUEUE, { batchSize: 1 });
      if (job === undefined) {
        await o.sleep(o.pollMs, o.signal).catch(() => {});
        continue;
      }
      if ((await workOnSet(q, job, context)) === 'recorded') sets++;
    }
  } finally {
    await q.close();
  }
  return { sets };
}
