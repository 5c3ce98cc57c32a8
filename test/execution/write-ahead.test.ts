/**
 * Write-ahead ordering (ARCHITECTURE.md, the life of an intent, step 3): at the moment any
 * submitting request leaves the process, the request it carries is already committed in the
 * journal as SUBMITTING, seen from a second connection to the journal file (committed = visible).
 */
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { dec } from '../../src/domain/money.ts';
import type { RequestKind } from '../../src/domain/venueStatus.ts';
import { createVenueClient } from '../../src/venue/createVenueClient.ts';
import { IN_PROCESS_BASE_URL } from '../../src/venue/http/baseUrl.ts';
import type { VenueFetch } from '../../src/venue/transport.ts';
import {
  closeIntent,
  ETH,
  openIntent,
  settle,
  setupVenue,
  startExecutor,
  tempJournalPath,
  type Venue,
} from './harness.ts';

const KIND_OF_PATH: Readonly<Record<string, RequestKind>> = {
  'create-position': 'open',
  'batch-create-positions': 'open',
  'close-position': 'close',
  'batch-close-positions': 'close',
  'close-all-positions': 'close',
  'cancel-quote': 'cancelOpen',
  'batch-cancel-quotes': 'cancelOpen',
  'cancel-close-request': 'cancelClose',
  'batch-cancel-close-requests': 'cancelClose',
};

interface Witness {
  readonly fetch: VenueFetch;
  readonly calls: string[];
  readonly violations: string[];
}

/**
 * A transport that, before handing each trade call to the simulator, reads the journal file on
 * its own connection: each item of the call must match a committed SUBMITTING request of the same
 * kind that no earlier call carried.
 */
function journalWitness(v: Venue, path: string): Witness {
  let db: DatabaseSync | undefined;
  const carried = new Set<string>();
  const calls: string[] = [];
  const violations: string[] = [];
  const fetch: VenueFetch = async (req) => {
    const url = new URL(req.url);
    const name = url.pathname.startsWith('/v1/trade/') ? url.pathname.slice('/v1/trade/'.length) : undefined;
    if (req.method === 'POST' && name !== undefined) {
      const kind = KIND_OF_PATH[name];
      const body = JSON.parse(await req.clone().text()) as { items?: unknown[] };
      db ??= new DatabaseSync(path, { readOnly: true });
      const rows = db
        .prepare("SELECT client_request_id AS id, kind FROM requests WHERE status = 'SUBMITTING'")
        .all() as { id: string; kind: string }[];
      const ready = rows.filter((r) => r.kind === kind && !carried.has(r.id)).map((r) => r.id);
      const items = name === 'close-all-positions' ? 1 : (body.items?.length ?? 1);
      calls.push(`${name} x${items}`);
      if (ready.length < items)
        violations.push(
          `${name} with ${items} item(s) left with ${ready.length} committed SUBMITTING ${kind}`,
        );
      for (const id of ready.slice(0, items)) carried.add(id);
    }
    return v.sim.fetch(req);
  };
  return { fetch, calls, violations };
}

describe('write-ahead ordering', () => {
  it('every trade call leaves the process only after each request it carries is committed as SUBMITTING', async () => {
    const v = await setupVenue({ faults: { dropResponseRate: 0.3, indexingLagMs: 500 } });
    const path = tempJournalPath();
    const witness = journalWitness(v, path);
    const venue = createVenueClient({
      baseUrl: IN_PROCESS_BASE_URL,
      apiKey: v.acc.apiKey,
      subaccount: v.acc.subaccount,
      fetch: witness.fetch,
      clock: v.clock,
      retry: { retries: 1, seed: 1 },
    });
    const { executor } = await startExecutor(v, { path, venue, execution: { batchWindowMs: 20 } });
    // One turn: a batch of three opens; then singles, a resting LIMIT and its cancel, a close.
    const a = openIntent('wa-a', { allowStacking: true });
    const batch = [a, openIntent('wa-b', { allowStacking: true }), openIntent('wa-c', { symbol: ETH })];
    await Promise.all(batch.map((i) => executor.submit(i)));
    await v.clock.advance(50);
    const limit = openIntent('wa-limit', { side: 'SHORT', orderType: 'LIMIT', limitPrice: dec(150_000) });
    await executor.submit(limit);
    await settle(v, executor);
    await executor.submit(closeIntent('wa-a-close', a));
    await executor.submit({
      kind: 'cancel',
      intentId: 'in_wa-cancel' as never,
      strategyId: limit.strategyId,
      createdAt: 0,
      symbol: limit.symbol,
      target: executor.journal.byIntent(limit.intentId)[0]!.clientRequestId,
    });
    await settle(v, executor);
    await executor.halt({ reason: 'test', closeAll: true });
    await settle(v, executor);

    expect(witness.violations).toEqual([]);
    expect(witness.calls).toEqual(
      expect.arrayContaining([
        'batch-create-positions x3',
        'create-position x1',
        'close-position x1',
        'cancel-quote x1',
        'close-all-positions x1',
      ]),
    );
  });
});
