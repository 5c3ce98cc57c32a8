import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SystemClock } from '../../src/clock/SystemClock.ts';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { JournalError } from '../../src/errors/JournalError.ts';
import { openPostgresJournal } from '../../src/journal/postgres/openPostgresJournal.ts';
import type { PostgresJournal } from '../../src/journal/postgres/PostgresJournal.ts';
import { type PgServer, startPostgres } from './pgServer.ts';

let server: PgServer;
beforeAll(async () => {
  server = await startPostgres();
});
afterAll(async () => {
  await server?.stop();
});

const SCOPE = 'venue:test:0xsub';
const real = new SystemClock();

describe('PostgreSQL journal: a stale leader’s renewal', () => {
  it('an active paused past its TTL and taken over learns at its next renewal that the lease is lost', async () => {
    const url = await server.freshDatabase();
    const oldClock = new VirtualClock();
    const lost: JournalError[] = [];
    const opened: PostgresJournal[] = [];
    try {
      // The old active: its clock stands still (paused, like SIGSTOP) past its 0.3 s TTL.
      const old = await openPostgresJournal({
        url,
        clock: oldClock,
        scope: SCOPE,
        leaseTtlMs: 300,
        renewMs: 100,
        onLeaseLost: (e) => lost.push(e),
      });
      opened.push(old);
      // The standby waits on the real clock until the lease expires, then takes it over; its
      // own clock is virtual too and never renews, so the row's heartbeat is the take-over's.
      const standby = await openPostgresJournal({
        url,
        clock: new VirtualClock(),
        scope: SCOPE,
        leaseTtlMs: 300,
        renewMs: 100,
        waitClock: real,
        onStandby: () => {},
      });
      opened.push(standby);
      expect(standby.fencingToken).toBeGreaterThan(old.fencingToken);
      // The old active wakes up: its renewal timer is past due, and the renewal runs for real.
      oldClock.advanceSync(100);
      for (let i = 0; i < 400 && lost.length === 0; i++) await real.sleep(5);
      expect(lost).toHaveLength(1);
      expect(old.writeFailure).toBeInstanceOf(JournalError);
    } finally {
      for (const j of opened) j.abandon();
    }
  });
});
