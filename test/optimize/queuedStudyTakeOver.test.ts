/**
 * A queued study taking over a trial from a dead submitter (kill -9 of `perpflow optimize --queue`,
 * then the same command again): when a worker already wrote that trial's answer, the trial is
 * finished from it and not queued to run a second time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objectiveNamed } from '../../backtest/optimize/objectives.ts';
import { optimizeTarget } from '../../backtest/optimize/optimizeTarget.ts';
import { runQueuedStudy } from '../../backtest/optimize/queuedStudy.ts';
import { randomSampler } from '../../backtest/optimize/randomSampler.ts';
import { sqliteStorage } from '../../backtest/optimize/studyStorage.ts';
import { StudyStore } from '../../backtest/optimize/studyStore.ts';
import { openSweepQueue } from '../../backtest/sweep/queue/openSweepQueue.ts';
import { insertSweepResult } from '../../backtest/sweep/queue/sweepResults.ts';
import { type PgServer, startPostgres } from '../journal/pgServer.ts';
import { tempDir } from '../run/runHarness.ts';
import { writeWalkStudy } from './support/walkStudy.ts';

let server: PgServer;
beforeAll(async () => {
  server = await startPostgres();
});
afterAll(async () => {
  await server?.stop();
});

describe('a queued trial left running by a dead submitter', () => {
  it('is finished from the answer a worker already wrote, with no job queued to run it again', async () => {
    const { csv, config } = writeWalkStudy(tempDir(), 200);
    const url = await server.freshDatabase();
    const queueId = 'optimize-take-over';
    const store = StudyStore.open(':memory:', { name: 's', configSha256: 'c', dataSha256: 'd', setup: '{}' });
    const target = await optimizeTarget(config, undefined);
    const dead = store.claim(
      'dead',
      1,
      () => false,
      () => ({ fast: 5, slow: 40, mode: 'long' }),
    );
    expect(dead?.number).toBe(0);
    const q = await openSweepQueue(url, { maintenanceSeconds: 60, onError: () => {} });
    try {
      const c = await q.pool.connect();
      try {
        await insertSweepResult(c, {
          sweepId: queueId,
          index: 0,
          answer: { index: 0, ok: true, finalEquity: 10_100_000, metrics: { sharpe: 1.25, trades: 4 } },
          worker: 'w',
        });
      } finally {
        c.release();
      }
      const trials = await runQueuedStudy({
        store: sqliteStorage(store, (owner) => owner === 'dead'),
        owner: 'alive',
        trials: 1,
        space: target.space,
        sampler: randomSampler,
        seed: 1,
        queue: { url, parallel: 2, expireSeconds: 60, retries: 0, pollMs: 10, sleep: async () => {} },
        queueId,
        objective: objectiveNamed('sharpe'),
        strategyId: target.strategyId,
        request: { configFile: config, data: [{ symbol: 'WALK', file: csv }] },
      });
      expect(trials.map((t) => [t.number, t.state, t.value, t.owner])).toEqual([
        [0, 'complete', 1.25, 'alive'],
      ]);
      const jobs = await q.pool.query(`SELECT id FROM ${q.schema}.job WHERE data->>'sweepId' = $1`, [
        queueId,
      ]);
      expect(jobs.rows).toEqual([]);
    } finally {
      await q.close();
    }
  });
});
