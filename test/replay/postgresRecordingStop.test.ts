import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SystemClock } from '../../src/clock/SystemClock.ts';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { Kernel } from '../../src/kernel/Kernel.ts';
import { readPgRecording } from '../../src/kernel/record/pg/readPgRecording.ts';
import { recordEdges, recorderTap } from '../../src/kernel/record/recorderFor.ts';
import { silentLogger } from '../../src/log/Logger.ts';
import { pgDcaSim } from '../journal/pgDcaSim.ts';
import { type PgServer, startPostgres } from '../journal/pgServer.ts';

let server: PgServer;
beforeAll(async () => {
  server = await startPostgres();
});
afterAll(async () => {
  await server?.stop();
});

const real = new SystemClock();

async function one<T extends pg.QueryResultRow>(url: string, text: string): Promise<T | undefined> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(text)).rows[0];
  } finally {
    await c.end();
  }
}

/** Whether the lease row says released (an orderly close sets its heartbeat to -infinity). */
async function released(url: string): Promise<boolean | undefined> {
  return (
    await one<{ released: boolean }>(url, `SELECT heartbeat_at = '-infinity' AS released FROM perpflow_lease`)
  )?.released;
}

/**
 * An orderly stop of an active on a PostgreSQL journal releases its lease, and a standby takes
 * over at once. The active's recording must be complete by then: once the standby's token is the
 * lease's, an append under the old one is refused, and the stopping run's last lines would be lost.
 */
describe('an orderly stop of a bot recording into PostgreSQL', () => {
  it('writes the recording’s last batch (the stop’s own lines) before the lease is released: nothing is left to write after it', async () => {
    const url = await server.freshDatabase();
    const clock = new VirtualClock(Date.UTC(2026, 0, 5));
    const { file, loaded, sim, edges } = await pgDcaSim(url, '*/5 * * * * *', clock);
    const recorded = recordEdges(loaded.config, edges, { clock, configFile: file });
    if (recorded === undefined) throw new Error('sim mode records by default');
    const rec = recorded.recorder;
    const heldAtSettle: boolean[] = [];
    const k = await Kernel.start({
      loaded,
      edges: recorded.edges,
      clock,
      log: silentLogger,
      tap: {
        ...recorderTap(rec),
        // The recorder's own settle, then a look at the lease: still held once the last line is in.
        settled: async () => {
          await rec.settled();
          heldAtSettle.push((await released(url)) === false);
        },
      },
      hookBudgetMs: Number.POSITIVE_INFINITY,
    });
    // Real time between the steps: the journal and the recording wait on the database.
    for (let t = 1; t <= 12; t++) {
      await clock.advance(1_000);
      await real.sleep(20);
    }
    rec.stop(); // as runBot does at SIGINT, before the kernel's stop
    await rec.settled(); // written: what remains is what the stop itself records
    let stopped = false;
    const stopping = k.stop().then(() => {
      stopped = true;
    });
    for (let i = 0; i < 6_000 && !stopped; i++) await real.sleep(5);
    await stopping;

    // The moment the stop resolved: the lease is free, and the recording is all there.
    expect(heldAtSettle).toEqual([true]);
    const lease = await one<{ released: boolean; x: string }>(
      url,
      `SELECT heartbeat_at = '-infinity' AS released, xmin::text AS x FROM perpflow_lease`,
    );
    expect(lease?.released).toBe(true);
    const [atStop] = await readPgRecording(url);
    // The stop's own lines after the stop line: the last reconciliation's venue answers.
    const lines = atStop?.lines ?? [];
    const after = lines.slice(lines.findIndex((l) => l.k === 's'));
    expect(after[0]?.k).toBe('s');
    expect(after.filter((l) => l.k === 'c').length).toBeGreaterThan(0);
    const last = await one<{ x: string }>(
      url,
      'SELECT max(xmin::text::bigint)::text AS x FROM perpflow_recording',
    );
    // Written in transactions before the one that released the lease.
    expect(BigInt(last?.x ?? '0')).toBeLessThan(BigInt(lease?.x ?? '0'));

    await rec.close();
    sim.stop();
    const [afterClose] = await readPgRecording(url);
    // Nothing was left to write once the lease was gone: the recorder's close added no line.
    expect(afterClose?.lines.length).toBe(atStop?.lines.length);
    expect(afterClose?.lines.filter((l) => l.k === 'i').length).toBeGreaterThan(0);
  }, 60_000);
});
