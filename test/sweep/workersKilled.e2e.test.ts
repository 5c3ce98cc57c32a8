/**
 * Sweeps over a queue with `perpflow` processes as a user runs them: three workers, one killed
 * with SIGKILL in the middle of a set; the submitter's ranked table is the local sweep's, byte
 * for byte, and the dead worker's set was run again by another worker and counted once.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSweep } from '../../backtest/sweep/parseSweep.ts';
import { runSweep, sweepTable } from '../../backtest/sweep/runSweep.ts';
import { smaReverseConfig, writeRandomWalkCsv } from '../bench/support/randomWalkCsv.ts';
import { type PgServer, startPostgres } from '../journal/pgServer.ts';
import { MAIN, type Proc, perpflow, tempDir, until } from '../run/runHarness.ts';

/** Bars per set: enough that a set lasts most of a second here, so the kill lands inside one. */
const BARS = 20_000;
const SWEEP = ['fast=5..20:5', 'slow=30..50:10'];
const EXPIRE_S = 3;

let server: PgServer;
const workers: Proc[] = [];
beforeAll(async () => {
  server = await startPostgres();
});
afterAll(async () => {
  for (const w of workers)
    if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGKILL');
  await server?.stop();
});

/** `perpflow ARGS` to its end, stdout apart from stderr (the table on one, progress on the other). */
function runToEnd(args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [MAIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => {
    stdout += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

describe('a sweep on three worker processes, one killed mid-set', () => {
  it('ranks the same table as the local sweep, the killed set run again elsewhere and counted once', async () => {
    const dir = tempDir();
    const csv = join(dir, 'WALK-1m.csv');
    const config = join(dir, 'walk.yaml');
    writeRandomWalkCsv(csv, BARS);
    writeFileSync(config, smaReverseConfig('lastClose'));
    const url = await server.freshDatabase();
    const request = { configFile: config, data: [{ symbol: 'WALK', file: csv }] };
    const local = sweepTable(await runSweep(request, SWEEP.map(parseSweep)));

    for (let i = 0; i < 3; i++)
      workers.push(perpflow(['worker', url, '--poll-ms', '100', '--maintenance-seconds', '1']));
    for (const w of workers)
      await until(() => w.count(/waiting for sweep sets/) > 0, 30_000, 'a worker to start', w);
    const submitted = runToEnd([
      'backtest',
      config,
      '--data',
      `WALK=${csv}`,
      ...SWEEP.flatMap((s) => ['--sweep', s]),
      '--queue',
      url,
      '--queue-expire-seconds',
      String(EXPIRE_S),
    ]);
    const victim = workers[0] as Proc;
    await until(() => victim.count(/: running \(job /) > 0, 30_000, 'the first worker to take a set', victim);
    victim.child.kill('SIGKILL');
    const killedJob = /\(job ([0-9a-f-]+)\)/.exec(
      victim.lines.find((l) => /: running \(job /.test(l)) ?? '',
    )?.[1];
    const killedPid = victim.child.pid;

    const { code, stdout, stderr } = await submitted;
    expect(code, stderr).toBe(0);
    expect(stdout).toBe(local);
    expect(stderr).toMatch(/sweep [0-9a-f]{8}: 12\/12 done, 0 running, 0 failed, [\d.]+ sets\/s, finished/);

    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      const job = await db.query<{ state: string; retry_count: number; index: number }>(
        `SELECT state::text, retry_count, (data->>'index')::int AS index FROM job WHERE id = $1`,
        [killedJob],
      );
      // The set the dead worker held expired, went back in the queue, and another worker finished it.
      expect(job.rows[0]).toMatchObject({ state: 'completed' });
      expect(job.rows[0]?.retry_count).toBeGreaterThanOrEqual(1);
      const rows = await db.query<{ set_index: number; worker: string }>(
        'SELECT set_index, worker FROM perpflow_sweep_result ORDER BY set_index',
      );
      expect(rows.rows.map((r) => r.set_index)).toEqual([...Array(12).keys()]);
      expect(rows.rows.find((r) => r.set_index === job.rows[0]?.index)?.worker).not.toMatch(
        new RegExp(`:${killedPid}$`),
      );
    } finally {
      await db.end();
    }
    for (const w of workers.slice(1)) w.child.kill('SIGTERM');
    for (const w of workers.slice(1)) {
      expect(await w.exited).toBe(0);
      expect(w.count(/worker stopped: \d+ sets recorded; CPU [\d.]+ s; peak RSS \d+ MB/)).toBe(1);
    }
  }, 90_000);
});
