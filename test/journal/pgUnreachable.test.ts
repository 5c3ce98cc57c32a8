/**
 * The database out of reach under a running executor: the commit of the next intent fails, the
 * executor fails closed (no new exposure, nothing sent), as with a failing SQLite journal. The
 * database is cut off by a loopback proxy between the journal and PostgreSQL.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SystemClock } from '../../src/clock/SystemClock.ts';
import { Executor } from '../../src/execution/Executor.ts';
import { createEventBus } from '../../src/execution/events.ts';
import { openPostgresJournal } from '../../src/journal/postgres/openPostgresJournal.ts';
import { createVenueClient } from '../../src/venue/createVenueClient.ts';
import { IN_PROCESS_BASE_URL } from '../../src/venue/http/baseUrl.ts';
import type { VenueFetch } from '../../src/venue/transport.ts';
import { openIntent, setupVenue } from '../execution/harness.ts';
import { type PgServer, startPostgres } from './pgServer.ts';

let server: PgServer;
beforeAll(async () => {
  server = await startPostgres();
});
afterAll(async () => {
  await server?.stop();
});

/** A TCP relay to `port` on loopback; `cut()` drops every connection and refuses new ones. */
async function relay(port: number): Promise<{ port: number; cut(): void }> {
  const sockets = new Set<Socket>();
  const proxy: Server = createServer((c) => {
    const up = connect(port, '127.0.0.1');
    for (const s of [c, up]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => sockets.delete(s));
    }
    c.pipe(up).pipe(c);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const address = proxy.address();
  return {
    port: typeof address === 'object' && address !== null ? address.port : 0,
    cut: () => {
      proxy.close();
      for (const s of sockets) s.destroy();
    },
  };
}

describe('PostgreSQL out of reach', () => {
  it('fails closed: the next intent is denied as a journal failure and nothing more is sent', async () => {
    const direct = new URL(await server.freshDatabase());
    const r = await relay(Number(direct.port));
    const url = new URL(direct);
    url.port = String(r.port);
    const v = await setupVenue();
    let trades = 0;
    const fetch: VenueFetch = (req) => {
      if (req.method === 'POST' && new URL(req.url).pathname.startsWith('/v1/trade/')) {
        trades++;
      }
      return v.sim.fetch(req);
    };
    const venue = createVenueClient({
      baseUrl: IN_PROCESS_BASE_URL,
      apiKey: v.acc.apiKey,
      subaccount: v.acc.subaccount,
      fetch,
      clock: v.clock,
      retry: { retries: 1, seed: 1 },
    });
    const journal = await openPostgresJournal({
      url: url.toString(),
      clock: v.clock,
      scope: 'venue:test',
      renewMs: 60_000,
    });
    const executor = await Executor.start({ events: createEventBus(), venue, journal, clock: v.clock });
    try {
      const up = openIntent('up', { allowStacking: true });
      expect((await executor.submit(up)).status).toBe('accepted');
      // Virtual time for the venue, real time for the database's round trips (bounded).
      const real = new SystemClock();
      for (let i = 0; i < 400 && journal.byIntent(up.intentId)[0]?.status !== 'FILLED'; i++) {
        await v.clock.advance(100);
        await real.sleep(5);
      }
      expect(journal.byIntent(up.intentId)[0]?.status).toBe('FILLED');
      expect(trades).toBe(1);
      const before = trades;
      r.cut();
      const answer = await executor.submit(openIntent('cut-off', { allowStacking: true }));
      expect(answer).toMatchObject({ status: 'denied', reason: 'JOURNAL_FAILED' });
      await v.clock.advance(1_000);
      expect(trades).toBe(before);
      expect(journal.writeFailure).toBeDefined();
      expect((await executor.submit(openIntent('after', { allowStacking: true }))).status).toBe('denied');
      expect(trades).toBe(before);
    } finally {
      await executor.stop({ drainMs: 0 }).catch(() => undefined); // its last writes fail too
      journal.abandon();
    }
  });
});
