/**
 * A set's answer and its job's completion commit together or not at all: a COMMIT that fails (the
 * connection lost at the second step, after the insert and the completion were sent) leaves the job
 * active, so it expires and another worker answers it, instead of completed with no answer.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileRef } from '../../backtest/sweep/queue/fileRef.ts';
import { openSweepQueue, type SweepQueue } from '../../backtest/sweep/queue/openSweepQueue.ts';
import { type QueuedSet, SWEEP_QUEUE } from '../../backtest/sweep/queue/queuedSet.ts';
import { recordSetResult } from '../../backtest/sweep/queue/recordSetResult.ts';
import { sweepProgress } from '../../backtest/sweep/queue/sweepProgress.ts';
import { readSweepResults } from '../../backtest/sweep/queue/sweepResults.ts';
import type { SweepAnswer } from '../../backtest/sweep/runSweepJob.ts';
import { type PgServer, startPostgres } from '../journal/pgServer.ts';

let server: PgServer;
let q: SweepQueue | undefined;
beforeAll(async () => {
  server = await startPostgres();
});
afterAll(async () => {
  await q?.close();
  await server?.stop();
});

const set: QueuedSet = {
  sweepId: 'c1',
  index: 0,
  config: fileRef('test/fixtures/backtest/sma-reference-GOOG.yaml'),
  data: [{ symbol: 'GOOG', file: fileRef('data/samples/GOOG-1d.csv') }],
  funding: [],
  params: { '*': { fast: 5, slow: 30 } },
};

/** `pool` whose clients lose the connection at COMMIT: the transaction is rolled back and COMMIT throws. */
function commitFails(pool: pg.Pool): pg.Pool {
  const client = (c: pg.PoolClient): pg.PoolClient =>
    new Proxy(c, {
      get(target, key) {
        if (key === 'query')
          return (text: unknown, ...rest: unknown[]) =>
            text === 'COMMIT'
              ? target.query('ROLLBACK').then(() => Promise.reject(new Error('connection lost at COMMIT')))
              : Reflect.apply(target.query, target, [text, ...rest]);
        const v: unknown = Reflect.get(target, key);
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
  return new Proxy(pool, {
    get(target, key) {
      if (key === 'connect') return async () => client(await target.connect());
      const v: unknown = Reflect.get(target, key);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
}

describe('a failed COMMIT of a set’s answer', () => {
  it('leaves neither the answer nor the completion: the job stays active for another worker', async () => {
    q = await openSweepQueue(await server.freshDatabase(), { maintenanceSeconds: 60, onError: () => {} });
    await q.boss.insert([{ name: SWEEP_QUEUE, data: set }]);
    const [job] = await q.boss.fetch<QueuedSet>(SWEEP_QUEUE, { batchSize: 1 });
    if (job === undefined) throw new Error('no job in the queue');
    const answer: SweepAnswer = {
      index: 0,
      ok: true,
      finalEquity: 1000,
      metrics: { totalReturn: 0, sharpe: 0, trades: 1 },
    };
    await expect(
      recordSetResult(commitFails(q.pool), q.boss, { id: job.id, sweepId: 'c1', index: 0 }, answer, 'a'),
    ).rejects.toThrow('connection lost at COMMIT');
    expect((await readSweepResults(q.pool, 'c1')).size).toBe(0);
    expect(await sweepProgress(q, 'c1', 1)).toMatchObject({ done: 0, running: 1 });
  });
});
