/**
 * `perpflow optimize --queue` as a user runs it: the trials of one study run on three
 * `perpflow worker` processes through the sweep queue, one worker killed with SIGKILL mid-trial;
 * every trial is counted once, and the killed one was finished by another worker.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readData } from '../../backtest/data/readData.ts';
import { objectiveNamed } from '../../backtest/optimize/objectives.ts';
import { runPoint } from '../../backtest/optimize/runPoint.ts';
import { type PgServer, startPostgres } from '../journal/pgServer.ts';
import { type Proc, perpflow, perpflowOutput, tempDir, until } from '../run/runHarness.ts';
import { studyJson } from './support/optimizeCli.ts';
import { writeWalkStudy } from './support/walkStudy.ts';

/** Bars per trial: a trial lasts most of a second here, so the kill lands inside one. */
const BARS = 20_000;
const TRIALS = 8;

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

describe('a study on three worker processes, one killed mid-trial', () => {
  it('counts every trial once, the killed trial run again by another worker with the same result as locally', async () => {
    const dir = tempDir();
    const { csv, config } = writeWalkStudy(dir, BARS);
    const url = await server.freshDatabase();
    for (let i = 0; i < 3; i++)
      workers.push(perpflow(['worker', url, '--poll-ms', '100', '--maintenance-seconds', '1']));
    for (const w of workers)
      await until(() => w.count(/waiting for sweep sets/) > 0, 30_000, 'a worker to start', w);
    const submitted = perpflowOutput([
      'optimize',
      config,
      '--data',
      `WALK=${csv}`,
      '--trials',
      String(TRIALS),
      '--queue',
      url,
      '--parallel',
      '3',
      '--queue-expire-seconds',
      '3',
      '--queue-poll-ms',
      '100',
      '--json',
    ]);
    const victim = workers[0] as Proc;
    await until(
      () => victim.count(/: running \(job /) > 0,
      30_000,
      'the first worker to take a trial',
      victim,
    );
    victim.child.kill('SIGKILL');
    const killedJob = /\(job ([0-9a-f-]+)\)/.exec(
      victim.lines.find((l) => /: running \(job /.test(l)) ?? '',
    )?.[1];
    const killedPid = victim.child.pid;

    const { code, stdout, stderr } = await submitted;
    expect(code, stderr).toBe(0);
    const study = studyJson.parse(JSON.parse(stdout));
    expect(study.trials.map((t) => [t.number, t.state])).toEqual(
      [...Array(TRIALS).keys()].map((n) => [n, 'complete']),
    );

    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      const job = await db.query<{ state: string; retry_count: number; index: number }>(
        `SELECT state::text, retry_count, (data->>'index')::int AS index FROM job WHERE id = $1`,
        [killedJob],
      );
      expect(job.rows[0]).toMatchObject({ state: 'completed' });
      expect(job.rows[0]?.retry_count).toBeGreaterThanOrEqual(1);
      const rows = await db.query<{ set_index: number; worker: string }>(
        `SELECT set_index, worker FROM perpflow_sweep_result WHERE sweep_id LIKE 'optimize-%' ORDER BY set_index`,
      );
      expect(rows.rows.map((r) => r.set_index)).toEqual([...Array(TRIALS).keys()]);
      const killed = job.rows[0]?.index ?? -1;
      expect(rows.rows.find((r) => r.set_index === killed)?.worker).not.toMatch(new RegExp(`:${killedPid}$`));
      // The killed trial's value is the one its params give when run here.
      const trial = study.trials[killed];
      const data = [{ symbol: 'WALK', file: csv }];
      const local = await runPoint(
        { configFile: config, data, loaded: readData({ data }) },
        'sma-cross',
        trial?.params ?? {},
      );
      expect(trial?.value).toBe(objectiveNamed('sharpe').value(local));
    } finally {
      await db.end();
    }
    for (const w of workers.slice(1)) w.child.kill('SIGTERM');
    for (const w of workers.slice(1)) expect(await w.exited).toBe(0);
  }, 120_000);
});
