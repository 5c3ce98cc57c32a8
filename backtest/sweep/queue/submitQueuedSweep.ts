import { randomUUID } from 'node:crypto';
import { loadConfig } from '../../../src/config/loadConfig.ts';
import type { BacktestRequest } from '../../backtestFromFiles.ts';
import { readData } from '../../data/readData.ts';
import { type SweepAxis, sweepGrid } from '../parseSweep.ts';
import { rankSweep, type SweepRow } from '../rankSweep.ts';
import type { SweepAnswer } from '../runSweepJob.ts';
import { fileRef } from './fileRef.ts';
import { openSweepQueue } from './openSweepQueue.ts';
import { type QueuedSet, SWEEP_QUEUE } from './queuedSet.ts';
import { failedSets, type SweepProgress, sweepProgress } from './sweepProgress.ts';
import { readSweepResults } from './sweepResults.ts';

export interface QueueSubmit {
  readonly url: string;
  /** A set not finished this long after a worker took it goes to another worker (its worker died). */
  readonly expireSeconds: number;
  /** Tries after the first before a set counts as failed. */
  readonly retries: number;
  /** How often the submitter reads the progress. */
  readonly pollMs: number;
  readonly now: () => number;
  readonly sleep: (ms: number) => Promise<void>;
  readonly onProgress?: (sweepId: string, p: SweepProgress, elapsedMs: number) => void;
  readonly onError?: (e: Error) => void;
}

const INSERT_CHUNK = 1_000;

/**
 * `runSweep` across machines: the grid's sets as pg-boss jobs (one per set, each naming its inputs
 * by content hash) for `perpflow worker` processes, then waits until every set has its answer or
 * has failed for good, and ranks them as the local sweep does. The inputs are read here first, so
 * a bad file or config is one error before anything is queued.
 */
export async function submitQueuedSweep(
  request: Omit<BacktestRequest, 'onProgress' | 'params'>,
  axes: readonly SweepAxis[],
  o: QueueSubmit,
): Promise<SweepRow[]> {
  loadConfig(request.configFile);
  if (request.loaded === undefined) readData(request);
  const grid = sweepGrid(axes);
  const base = {
    config: fileRef(request.configFile),
    data: request.data.map((d) => ({ symbol: d.symbol, file: fileRef(d.file) })),
    funding: (request.funding ?? []).map((d) => ({ symbol: d.symbol, file: fileRef(d.file) })),
    ...(request.from === undefined ? {} : { from: request.from }),
    ...(request.to === undefined ? {} : { to: request.to }),
  };
  const q = await openSweepQueue(o.url, {
    // This process checks for expired sets a few times per expiry period (pg-boss's floor is 1 s).
    maintenanceSeconds: Math.max(1, Math.min(60, Math.floor(o.expireSeconds / 3))),
    onError: o.onError ?? (() => {}),
  });
  try {
    const sweepId = randomUUID();
    const jobs = grid.map((params, index) => ({
      name: SWEEP_QUEUE,
      data: { sweepId, index, ...base, params } satisfies QueuedSet,
      retryLimit: o.retries,
      expireInSeconds: o.expireSeconds,
    }));
    for (let i = 0; i < jobs.length; i += INSERT_CHUNK) await q.boss.insert(jobs.slice(i, i + INSERT_CHUNK));
    const start = o.now();
    for (;;) {
      const p = await sweepProgress(q, sweepId, grid.length);
      o.onProgress?.(sweepId, p, o.now() - start);
      if (p.done + p.failed >= grid.length) break;
      await o.sleep(o.pollMs);
    }
    const results = await readSweepResults(q.pool, sweepId);
    const failed = await failedSets(q, sweepId);
    const answers: SweepAnswer[] = grid.map(
      (_, index) =>
        results.get(index) ?? { index, ok: false, error: failed.get(index) ?? 'no result from the queue' },
    );
    return rankSweep(grid, answers);
  } finally {
    await q.close();
  }
}
