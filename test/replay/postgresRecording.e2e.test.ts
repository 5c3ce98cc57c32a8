import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPgRecording } from '../../src/kernel/record/pg/readPgRecording.ts';
import { failoverConfig } from '../failover/failoverHarness.ts';
import { type PgServer, startPostgres } from '../journal/pgServer.ts';
import { perpflow, perpflowOutput, type SimServer, startSim, tempDir, until } from '../run/runHarness.ts';

/** The password pgServer.ts gives the embedded server's user: in the URL every process is given. */
const PASSWORD = 'perpflow-test';

let server: PgServer;
let sim: SimServer;
beforeAll(async () => {
  server = await startPostgres();
  sim = await startSim(7);
}, 60_000);
afterAll(async () => {
  await sim?.stop();
  await server?.stop();
});

describe('perpflow run on a PostgreSQL journal records into PostgreSQL, and perpflow replay replays it', () => {
  it('a run killed with SIGKILL, then its standby-turned-active stopped with SIGINT: both replay identically, and the password is nowhere', async () => {
    const url = await server.freshDatabase();
    if (!process.env.DATABASE_URL) expect(url).toContain(PASSWORD);
    const dir = tempDir();
    const config = failoverConfig(dir, sim.url, url);
    const killed = perpflow(['run', config]);
    await until(() => killed.count(/ opened BTCUSDT /) >= 1, 45_000, 'an open', killed);
    killed.child.kill('SIGKILL');
    await killed.exited;
    // The next start waits out the killed one's lease (2 s), then records under a higher token.
    const second = perpflow(['run', config]);
    await until(
      () => second.count(/ opened BTCUSDT /) >= 2 && second.count(/ closed BTCUSDT /) >= 1,
      45_000,
      'opens and a close',
      second,
    );
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);

    const where = new URL(url);
    expect(second.lines.some((l) => l.includes(`recording to postgres://${where.host}/postgres`))).toBe(true);
    // No file beside nothing: the recording is in the database alone.
    expect(readdirSync(dir).filter((f) => f.includes('.rec'))).toEqual([]);

    const runs = await readPgRecording(url);
    expect(runs.map((r) => r.header.mode)).toEqual(['sim', 'sim']);
    expect(runs[0]?.stoppedAt).toBeUndefined(); // killed
    expect(runs[1]?.stoppedAt).toBeDefined();
    expect(JSON.stringify(runs)).toMatch(/"k":"f"/);

    const list = await perpflowOutput(['record', 'list', url]);
    expect(list.code).toBe(0);
    expect(list.stdout.trim().split('\n').length).toBeGreaterThanOrEqual(2);

    const r = await perpflowOutput(['replay', url]);
    expect(r.stdout).toMatch(/replayed 2 process run\(s\)/);
    expect(r.stdout).toMatch(/0 divergences: every intent, request and fill identical/);
    expect(r.code).toBe(0);

    const out = mkdtempSync(join(tmpdir(), 'perpflow-pgbars-'));
    const bars = await perpflowOutput(['record', 'export', url, '--bars', '--interval', '1s', '--out', out]);
    expect(bars.code).toBe(0);
    expect(bars.stdout).toMatch(/wrote \d+ bars to .*BTCUSDT-1s\.csv/);

    // The password: in no recorded line, no log line, no command's output.
    const everything = [
      JSON.stringify(runs),
      ...killed.lines,
      ...second.lines,
      list.stdout,
      list.stderr,
      r.stdout,
      r.stderr,
      bars.stdout,
      bars.stderr,
    ].join('\n');
    expect(everything).not.toContain(PASSWORD);
  }, 150_000);

  it('a wrong password: the error names the database, never the password given', async () => {
    const url = new URL(await server.freshDatabase());
    url.password = 'not-the-password-4711';
    const r = await perpflowOutput(['replay', url.toString()]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`postgres://${url.host}/postgres`);
    expect(`${r.stdout}${r.stderr}`).not.toContain('not-the-password-4711');
  }, 30_000);
});
