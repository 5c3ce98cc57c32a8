import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SystemClock } from '../../src/clock/SystemClock.ts';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { StrategyId } from '../../src/domain/ids.ts';
import { deriveIntentId } from '../../src/domain/intentId.ts';
import { openPostgresJournal } from '../../src/journal/postgres/openPostgresJournal.ts';
import { Kernel } from '../../src/kernel/Kernel.ts';
import { type Logger, silentLogger } from '../../src/log/Logger.ts';
import { pgDcaSim } from '../journal/pgDcaSim.ts';
import { type PgServer, startPostgres } from '../journal/pgServer.ts';

let server: PgServer;
beforeAll(async () => {
  server = await startPostgres();
});
afterAll(async () => {
  await server?.stop();
});

// A due time of dca's 15-second cron; the default misfire grace is one period: 15 s.
const DUE = Date.UTC(2026, 0, 5, 0, 0, 45);
const real = new SystemClock();

function linesInto(warnings: string[], infos: string[]): Logger {
  const log: Logger = {
    ...silentLogger,
    warn: (m) => void warnings.push(m),
    info: (m) => void infos.push(m),
    child: () => log,
  };
  return log;
}

describe('a schedule’s due time missed during a take-over (shared PostgreSQL journal)', () => {
  it('the standby that takes over runs the due time missed in the gap once, late, with its own id; the old active’s buys are not repeated', async () => {
    const url = await server.freshDatabase();
    const clock = new VirtualClock(DUE - 20_000);
    const { loaded, sim, edges } = await pgDcaSim(url, '*/15 * * * * *', clock);
    const stop = async (k: Kernel): Promise<void> => {
      let stopped = false;
      const stopping = k.stop().then(() => {
        stopped = true;
      });
      // Real time, not virtual: the stop waits on the database (last commit, lease release), and
      // virtual time run meanwhile would carry the schedule past the due times under test.
      for (let i = 0; i < 6_000 && !stopped; i++) await real.sleep(5);
      await stopping;
    };
    const active = await Kernel.start({ loaded, edges, clock, log: silentLogger });
    await clock.advanceTo(DUE - 5_000);
    // The standby starts beside the active and waits; it tries the lease every 10 s (DUE + 5 s next).
    const warnings: string[] = [];
    const infos: string[] = [];
    let standby: Kernel | undefined;
    const starting = Kernel.start({ loaded, edges, clock, log: linesInto(warnings, infos) }).then((k) => {
      standby = k;
    });
    for (let i = 0; i < 6_000 && !infos.some((l) => l.startsWith('standby: ')); i++) await real.sleep(5);
    expect(infos.some((l) => l.startsWith('standby: '))).toBe(true);
    // The active goes (an orderly stop just before DUE): nobody trades DUE until the standby takes over.
    await clock.advanceTo(DUE - 1);
    await stop(active);
    await clock.advanceTo(DUE + 5_000);
    // Real time for the database's answers; the stop above released the lease, so the claim at
    // DUE + 5 s succeeds (a release still under way there left it to DUE + 15 s, never reached).
    for (let i = 0; i < 6_000 && standby === undefined; i++) await real.sleep(5);
    if (standby === undefined) throw new Error('the standby never took over');
    await starting;
    await clock.advanceTo(DUE + 31_000);
    await stop(standby);
    sim.stop();

    const journal = await openPostgresJournal({ url, clock, scope: 'read', renewMs: 60_000 });
    const dueOf = new Map<string, number>();
    for (let t = -60_000; t <= 61_000; t += 15_000)
      dueOf.set(deriveIntentId(StrategyId('dca'), `dca:ETHUSDT:${DUE + t}`), t);
    const opens = journal
      .all()
      .filter((r) => r.kind === 'open')
      .map((r) => dueOf.get(r.intentId) ?? Number.NaN)
      .sort((a, b) => a - b);
    journal.close();
    expect(opens).toEqual([-15_000, 0, 15_000, 30_000]);
    expect(warnings.filter((w) => w.startsWith('job '))).toEqual([
      'job strategy:dca:buy: running the due time 2026-01-05T00:00:45.000Z late, 5000 ms after it',
    ]);
  });
});
