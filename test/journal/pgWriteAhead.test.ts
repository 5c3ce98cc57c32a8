/**
 * Write-ahead on a journal that commits in groups: at the moment a trade call leaves the process,
 * every request it carries is committed as SUBMITTING in PostgreSQL, seen from a second
 * connection. The executor runs as the kernel runs it, on a virtual clock against the real
 * simulator; the database's round trips are real.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Executor } from '../../src/execution/Executor.ts';
import { createEventBus } from '../../src/execution/events.ts';
import { openPostgresJournal } from '../../src/journal/postgres/openPostgresJournal.ts';
import { createVenueClient } from '../../src/venue/createVenueClient.ts';
import { IN_PROCESS_BASE_URL } from '../../src/venue/http/baseUrl.ts';
import type { VenueFetch } from '../../src/venue/transport.ts';
import { ETH, openIntent, settle, setupVenue } from '../execution/harness.ts';
import { type PgServer, startPostgres } from './pgServer.ts';

let server: PgServer;
beforeAll(async () => {
  server = await startPostgres();
});
afterAll(async () => {
  await server?.stop();
});

const TRADE = new Set([
  'create-position',
  'batch-create-positions',
  'close-position',
  'batch-close-positions',
]);

describe('write-ahead on PostgreSQL', () => {
  it('every trade call leaves only after each request it carries is committed as SUBMITTING', async () => {
    const url = await server.freshDatabase();
    const v = await setupVenue();
    const reader = new pg.Client({ connectionString: url });
    await reader.connect();
    const carried = new Set<string>();
    const calls: string[] = [];
    const violations: string[] = [];
    // A call leaves after its requests' commit, a real round trip the virtual clock does not wait
    // for: the test waits for each call itself, or on a busy host the fourth intent joins the batch,
    // or is still committing when the clock has run out.
    const waiters: { n: number; resolve: () => void }[] = [];
    const callsMade = (n: number): Promise<void> =>
      new Promise((resolve) => {
        if (calls.length >= n) resolve();
        else waiters.push({ n, resolve });
      });
    const fetch: VenueFetch = async (req) => {
      const name = new URL(req.url).pathname.replace('/v1/trade/', '');
      if (req.method === 'POST' && TRADE.has(name)) {
        const body = JSON.parse(await req.clone().text()) as { items?: unknown[] };
        const rows = await reader.query<{ id: string }>(
          "SELECT client_request_id AS id FROM perpflow_requests WHERE status = 'SUBMITTING'",
        );
        const ready = rows.rows.map((r) => r.id).filter((id) => !carried.has(id));
        const items = body.items?.length ?? 1;
        calls.push(`${name} x${items}`);
        for (const w of waiters) if (calls.length >= w.n) w.resolve();
        if (ready.length < items) violations.push(`${name} x${items} left with ${ready.length} committed`);
        for (const id of ready.slice(0, items)) carried.add(id);
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
    const journal = await openPostgresJournal({ url, clock: v.clock, scope: 'venue:test', renewMs: 60_000 });
    const executor = await Executor.start({ events: createEventBus(), venue, journal, clock: v.clock });
    try {
      const batch = [
        openIntent('pg-a', { allowStacking: true }),
        openIntent('pg-b', { allowStacking: true }),
        openIntent('pg-c', { symbol: ETH }),
      ];
      await Promise.all(batch.map((i) => executor.submit(i)));
      await v.clock.advance(50);
      await callsMade(1);
      // Accepted means journaled: the insert's commit is done before the answer (and the send).
      const d = openIntent('pg-d', { side: 'SHORT', allowStacking: true });
      expect((await executor.submit(d)).status).toBe('accepted');
      // (No check that nothing is pending here: the accepted intent goes straight on to its SUBMITTING
      // commit, which may already be under way. What matters is that its insert is in the database.)
      const row = await reader.query('SELECT 1 FROM perpflow_requests WHERE intent_id = $1', [d.intentId]);
      expect(row.rowCount).toBe(1);
      await v.clock.advance(50);
      await callsMade(2);
      await settle(v, executor);
      expect(violations).toEqual([]);
      expect(calls).toEqual(['batch-create-positions x3', 'create-position x1']);
      expect(carried.size).toBe(4);
    } finally {
      await executor.stop({ drainMs: 0 });
      journal.abandon();
      await reader.end();
    }
  });
});
