/**
 * The queue's guards on a real PostgreSQL: a set's answer counts once however often its job runs,
 * and a worker without an input file fails the job saying which file (by name and hash) it lacks.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readData } from '../../backtest/data/readData.ts';
import { parseSweep } from '../../backtest/sweep/parseSweep.ts';
import { fileRef } from '../../backtest/sweep/queue/fileRef.ts';
import { findFile, MissingInputError } from '../../backtest/sweep/queue/findFile.ts';
import { openSweepQueue, type SweepQueue } from '../../backtest/sweep/queue/openSweepQueue.ts';
import { type QueuedSet, SWEEP_QUEUE } from '../../backtest/sweep/queue/queuedSet.ts';
import { recordSetResult } from '../../backtest/sweep/queue/recordSetResult.ts';
import { runSweepWorker } from '../../backtest/sweep/queue/runSweepWorker.ts';
import { setInputsCache } from '../../backtest/sweep/queue/setInputs.ts';
import { submitQueuedSweep } from '../../backtest/sweep/queue/submitQueuedSweep.ts';
import { failedSets, sweepProgress } from '../../backtest/sweep/queue/sweepProgress.ts';
import { insertSweepResult, readSweepResults } from '../../backtest/sweep/queue/sweepResults.ts';
import { workOnSet } from '../../backtest/sweep/queue/workOnSet.ts';
import type { SweepAnswer } from '../../backtest/sweep/runSweepJob.ts';
import { walkForward } from '../../backtest/sweep/walkForward.ts';
import { SystemClock } from '../../src/clock/SystemClock.ts';
import { type PgServer, startPostgres } from '../journal/pgServer.ts';

const CONFIG = 'test/fixtures/backtest/sma-reference-GOOG.yaml';
const GOOG = 'data/samples/GOOG-1d.csv';

let server: PgServer;
const queues: SweepQueue[] = [];
beforeAll(async () => {
  server = await startPostgres();
});
afterAll(async () => {
  for (const q of queues) await q.close();
  await server?.stop();
});

async function queue(): Promise<SweepQueue> {
  const q = await openSweepQueue(await server.freshDatabase(), { maintenanceSeconds: 60, onError: () => {} });
  queues.push(q);
  return q;
}

function set(sweepId: string, index: number, data = fileRef(GOOG)): QueuedSet {
  return {
    sweepId,
    index,
    config: fileRef(CONFIG),
    data: [{ symbol: 'GOOG', file: data }],
    funding: [],
    params: { '*': { fast: 5 + index, slow: 30 } },
  };
}

async function take(q: SweepQueue): Promise<PgBoss.Job<QueuedSet>> {
  const [job] = await q.boss.fetch<QueuedSet>(SWEEP_QUEUE, { batchSize: 1 });
  if (job === undefined) throw new Error('no job in the queue');
  return job;
}

const answer = (index: number, finalEquity: number): SweepAnswer => ({
  index,
  ok: true,
  finalEquity,
  metrics: { totalReturn: finalEquity / 1000 - 1, sharpe: Number.NaN, trades: 3 },
});

describe('a set answered by two workers', () => {
  it('counts once: the slow first worker, finishing after the job was retried and answered, writes nothing', async () => {
    const q = await queue();
    await q.boss.insert([{ name: SWEEP_QUEUE, data: set('s1', 0), retryLimit: 3, expireInSeconds: 1 }]);
    const first = await take(q);
    // The first worker's set outlives its expiry: pg-boss puts it back, a second worker takes it.
    await q.pool.query(`UPDATE ${q.schema}.job SET started_on = now() - interval '1 hour' WHERE id = $1`, [
      first.id,
    ]);
    await q.boss.expire();
    const second = await take(q);
    expect(second.id).toBe(first.id);

    const byTheSecond = await recordSetResult(
      q.pool,
      q.boss,
      { id: second.id, sweepId: 's1', index: 0 },
      answer(0, 1100),
      'b',
    );
    const byTheFirst = await recordSetResult(
      q.pool,
      q.boss,
      { id: first.id, sweepId: 's1', index: 0 },
      answer(0, 1100),
      'a',
    );

    expect(byTheSecond).toEqual({ wrote: true, completed: true });
    expect(byTheFirst.wrote).toBe(false);
    const rows = await q.pool.query('SELECT worker FROM perpflow_sweep_result WHERE sweep_id = $1', ['s1']);
    expect(rows.rows).toEqual([{ worker: 'b' }]);
    expect(await sweepProgress(q, 's1', 1)).toEqual({
      total: 1,
      done: 1,
      running: 0,
      retrying: 0,
      failed: 0,
    });
    // NaN survives the trip through JSONB: a NaN metric ranks and prints as the local sweep's does.
    expect((await readSweepResults(q.pool, 's1')).get(0)).toEqual(answer(0, 1100));
  });

  it('keeps neither the answer nor the completion when the transaction fails after the insert', async () => {
    const q = await queue();
    await q.boss.insert([{ name: SWEEP_QUEUE, data: set('s2', 0) }]);
    const job = await take(q);
    const broken = { complete: () => Promise.reject(new Error('connection lost')) } as unknown as PgBoss;
    await expect(
      recordSetResult(q.pool, broken, { id: job.id, sweepId: 's2', index: 0 }, answer(0, 1000), 'a'),
    ).rejects.toThrow('connection lost');
    expect((await readSweepResults(q.pool, 's2')).size).toBe(0);
    expect(await sweepProgress(q, 's2', 1)).toMatchObject({ done: 0, running: 1 });
  });
});

describe("a sweep's answers", () => {
  it('are read for the sets asked for only, when the reader names them', async () => {
    const q = await queue();
    const c = await q.pool.connect();
    try {
      for (const i of [0, 1, 2])
        await insertSweepResult(c, { sweepId: 's5', index: i, answer: answer(i, 1000 + i), worker: 'w' });
    } finally {
      c.release();
    }
    expect([...(await readSweepResults(q.pool, 's5', [2, 0, 7])).keys()].sort()).toEqual([0, 2]);
    expect((await readSweepResults(q.pool, 's5')).size).toBe(3);
  });
});

describe("a worker's log of a set", () => {
  it('gives its wall time and the CPU time spent on it: a shortfall is time the worker waited for a core', async () => {
    const q = await queue();
    await q.boss.insert([{ name: SWEEP_QUEUE, data: set('s4', 0) }]);
    const lines: string[] = [];
    const walls = [1_000, 1_900];
    const cpus = [5_000, 5_600];
    const outcome = await workOnSet(q, await take(q), {
      worker: 'w1',
      inputs: setInputsCache(undefined),
      log: (l) => lines.push(l),
      now: () => walls.shift() ?? 0,
      cpuMs: () => cpus.shift() ?? 0,
    });
    expect(outcome).toBe('recorded');
    expect(lines).toContain('worker w1: set 0 of sweep s4: recorded (900 ms, CPU 600 ms)');
  });
});

describe('a worker without an input file', () => {
  it('names the file and its sha256, and where it looked', () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpflow-sweep-'));
    const ref = { name: '/elsewhere/BTCUSDT-1m.csv', sha256: 'ab'.repeat(32) };
    writeFileSync(join(dir, 'BTCUSDT-1m.csv'), 'time,open,high,low,close,volume\n');
    const find = () => findFile(ref, 'data', dir);
    expect(find).toThrow(MissingInputError);
    expect(find).toThrow(
      new RegExp(
        `data file sha256 ${ref.sha256} \\(expected BTCUSDT-1m\\.csv\\) is not on this worker: looked in ${dir}/BTCUSDT-1m\\.csv`,
      ),
    );
    // A file of that name with other bytes is not the one: the message says so.
    expect(find).toThrow(/other content at .*BTCUSDT-1m\.csv/);
  });

  it('finds a file by its hash in --data-dir when the path given is not on this machine', () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpflow-sweep-'));
    const real = fileRef(GOOG);
    writeFileSync(join(dir, real.sha256), readFileSync(GOOG));
    expect(findFile({ ...real, name: '/elsewhere/GOOG-1d.csv' }, 'data', dir)).toBe(join(dir, real.sha256));
  });

  it('fails the job with that message, logs it, and the submitter ranks the set last with it', async () => {
    const q = await queue();
    const missing = { name: '/nowhere/GOOG-2030.csv', sha256: 'cd'.repeat(32) };
    await q.boss.insert([{ name: SWEEP_QUEUE, data: set('s3', 0, missing), retryLimit: 0 }]);
    const lines: string[] = [];
    const outcome = await workOnSet(q, await take(q), {
      worker: 'w1',
      inputs: setInputsCache(undefined),
      log: (l) => lines.push(l),
      now: () => 0,
      cpuMs: () => 0,
    });
    expect(outcome).toBe('failed');
    const said = new RegExp(
      `data file sha256 ${missing.sha256} \\(expected GOOG-2030\\.csv\\) is not on this worker`,
    );
    expect(lines.some((l) => /worker w1: set 0 of sweep s3: failed: /.test(l) && said.test(l))).toBe(true);
    expect(await sweepProgress(q, 's3', 1)).toMatchObject({ done: 0, failed: 1 });
    expect((await failedSets(q, 's3')).get(0)).toMatch(said);
  });
});

describe('walk-forward over the queue', () => {
  it("picks each window's best set and gets the test returns of the walk-forward on local threads", async () => {
    const url = await server.freshDatabase();
    // A real clock: the worker and the submitter wait on a real database.
    const clock = new SystemClock();
    const now = () => clock.now();
    const stop = new AbortController();
    const worker = runSweepWorker({
      url,
      pollMs: 20,
      maintenanceSeconds: 60,
      log: () => {},
      now,
      sleep: (ms, signal) => clock.sleep(ms, signal),
      signal: stop.signal,
    });
    const DAY = 86_400_000;
    const request = { configFile: CONFIG, data: [{ symbol: 'GOOG', file: GOOG }] };
    const first = readData(request).feeds[0]?.time[0] as number;
    const ranged = { ...request, from: first, to: first + 1_500 * DAY };
    const axes = ['fast=5..10:5', 'slow=30..40:10'].map(parseSweep);
    const spec = { trainMs: 1_000 * DAY, testMs: 250 * DAY };
    const submit = {
      url,
      expireSeconds: 60,
      retries: 1,
      pollMs: 20,
      now,
      sleep: (ms: number) => clock.sleep(ms),
    };
    try {
      const queued = await walkForward(ranged, axes, spec, (r, a) => submitQueuedSweep(r, a, submit));
      const local = await walkForward(ranged, axes, spec);
      expect(queued.windows).toHaveLength(2);
      expect(queued).toEqual(local);
    } finally {
      stop.abort();
      await worker;
    }
  }, 60_000);
});
