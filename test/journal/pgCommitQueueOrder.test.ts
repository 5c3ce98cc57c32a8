import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { ClientRequestId } from '../../src/domain/ids.ts';
import { openPostgresJournal } from '../../src/journal/postgres/openPostgresJournal.ts';
import { sampleOpenRecord } from '../../src/journal/testRecord.ts';
import { type PgServer, startPostgres } from './pgServer.ts';

let server: PgServer;
beforeAll(async () => {
  server = await startPostgres();
});
afterAll(async () => {
  await server?.stop();
});

/** One turn of the event loop: every callback already due has run (no time passes on any clock). */
const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('PostgreSQL journal: the commit a write waits for', () => {
  it('while another commit is under way, pendingCommit() after a SUBMITTING write waits for that write’s own commit', async () => {
    const url = await server.freshDatabase();
    const j = await openPostgresJournal({
      url,
      clock: new VirtualClock(),
      scope: 'venue:test',
      renewMs: 60_000,
    });
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      j.insertRequests([sampleOpenRecord(1)]);
      await j.pendingCommit();
      // Another session holds the requests table: the commit carrying the SUBMITTING write will
      // wait for it; a commit of meta alone will not.
      await other.query('BEGIN');
      await other.query('LOCK TABLE perpflow_requests IN EXCLUSIVE MODE');
      j.setMeta('marker', '1');
      await Promise.resolve(); // the group commit of the marker starts: it is now under way
      const underWay = j.pendingCommit();
      j.transition(ClientRequestId('cr_1'), 'SUBMITTING', { submittedAt: 1 });
      // What send.ts awaits before the trade call leaves.
      const beforeSend = j.pendingCommit();
      let durable = false;
      void beforeSend?.then(() => {
        durable = true;
      });
      await underWay;
      await turn();
      expect(durable).toBe(false);
      await other.query('COMMIT');
      await beforeSend;
      const rows = await other.query<{ status: string }>(
        "SELECT status FROM perpflow_requests WHERE client_request_id = 'cr_1'",
      );
      expect(rows.rows).toEqual([{ status: 'SUBMITTING' }]);
    } finally {
      j.abandon();
      await other.end();
    }
  });
});
