import { spawn } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SystemClock } from '../../src/clock/SystemClock.ts';
import { type PgServer, startPostgres } from '../journal/pgServer.ts';
import { CONFIG, GOOG, MAIN, NODE, perpflow } from './support/optimizeCli.ts';

const TRIALS = 60;
const row = z.object({
  number: z.number(),
  state: z.string(),
  params: z.string(),
  value: z.number().nullable(),
  attempts: z.number(),
});

let server: PgServer;
beforeAll(async () => {
  server = await startPostgres();
});
afterAll(async () => {
  await server?.stop();
});

describe('a study in PostgreSQL killed with SIGKILL', () => {
  it('resumes with no trial lost or run twice: the same trials and values as a study never interrupted', async () => {
    const url = await server.freshDatabase();
    const args = (study: string) => [
      CONFIG,
      '--data',
      GOOG,
      '--to',
      '2007-01-01',
      '--trials',
      String(TRIALS),
      '--study',
      study,
      '--storage',
      url,
      '--json',
    ];
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    const trials = async (study: string) => {
      const r = await db.query(
        `SELECT "number", state, params, value, attempts FROM perpflow_optimize_trial WHERE study = $1 ORDER BY "number"`,
        [study],
      );
      return r.rows.map((x) => row.parse(x));
    };
    try {
      const child = spawn(NODE, [MAIN, 'optimize', ...args('killed')], { stdio: 'ignore' });
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      // Real time, bounded: a child process is the one thing a test cannot put on a virtual clock.
      const clock = new SystemClock();
      const end = clock.now() + 30_000;
      for (;;) {
        const done = await trials('killed').catch(() => []);
        if (done.filter((t) => t.state === 'complete').length >= 5) break;
        if (clock.now() > end) throw new Error('timed out waiting for 5 trials');
        await clock.sleep(5);
      }
      child.kill('SIGKILL');
      await exited;
      const atKill = await trials('killed');
      expect(atKill.length).toBeLessThan(TRIALS);
      const orphans = atKill.filter((t) => t.state === 'running');
      expect(orphans.length).toBeLessThanOrEqual(1);

      const resumed = await perpflow(args('killed'));
      expect(resumed.code, resumed.stderr).toBe(0);
      const whole = await perpflow(args('whole'));
      expect(whole.code, whole.stderr).toBe(0);
      const after = await trials('killed');
      const reference = await trials('whole');
      expect(after.map((t) => t.number)).toEqual([...Array(TRIALS).keys()]);
      expect(after.every((t) => t.state === 'complete')).toBe(true);
      expect(after.map((t) => [t.params, t.value])).toEqual(reference.map((t) => [t.params, t.value]));
      for (const t of atKill) {
        expect(after[t.number]?.params).toBe(t.params);
        expect(after[t.number]?.attempts).toBe(t.state === 'running' ? 2 : 1);
      }
      expect(after.filter((t) => t.attempts !== 1).length).toBe(orphans.length);
    } finally {
      await db.end();
    }
  }, 90_000);
});
