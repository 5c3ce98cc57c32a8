import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { ClientRequestId, FillId, IntentId, MarketSymbol, TempId } from '../../src/domain/ids.ts';
import { dec } from '../../src/domain/money.ts';
import { IllegalTransitionError } from '../../src/domain/requestStatus.ts';
import { JournalError } from '../../src/errors/JournalError.ts';
import { INTENT_ID_SCHEME, intentIdSchemeOf } from '../../src/journal/intentIdSchemeOf.ts';
import type { JournalPort } from '../../src/journal/JournalPort.ts';
import { sampleOpenRecord } from '../../src/journal/testRecord.ts';
import { abandonAll, journalStores, SCOPE } from './journalStores.ts';
import { type PgServer, startPostgres } from './pgServer.ts';

let server: PgServer | undefined;
beforeAll(async () => {
  server = await startPostgres();
});
afterEach(abandonAll);
afterAll(async () => {
  await server?.stop();
});

const cr = ClientRequestId;
const fill = (n: number) => ({
  fillId: FillId(`f${n}`),
  clientRequestId: null,
  strategyId: null,
  quoteId: null,
  symbol: MarketSymbol('BTCUSDT'),
  side: 'LONG' as const,
  effect: 'open' as const,
  quantity: dec('0.5'),
  price: dec('100.25'),
  fee: dec('0.0125'),
  ts: 7 + n,
});

/** Waits for what was written to be durable, as the executor does before a venue call. */
async function durable(j: JournalPort): Promise<void> {
  await j.pendingCommit();
}

const stores = journalStores(() => {
  if (server === undefined) throw new Error('PostgreSQL did not start');
  return server;
});

describe.each(stores)('journal contract: $name', (store) => {
  const fresh = async (clock = new VirtualClock()) => (await store.fresh()).open(clock);

  it('moves a request only through the transition table and keeps its patch', async () => {
    const clock = new VirtualClock();
    const j = await fresh(clock);
    j.insertRequests([sampleOpenRecord(1)]);
    expect(() => j.transition(cr('cr_1'), 'FILLED')).toThrow(IllegalTransitionError);
    expect(j.get(cr('cr_1'))?.status).toBe('CREATED');
    clock.advanceSync(5);
    const at = clock.now();
    j.transition(cr('cr_1'), 'SUBMITTING');
    const r = j.transition(cr('cr_1'), 'ACCEPTED', { tempId: TempId('t-1') });
    expect([r.status, r.tempId, r.updatedAt]).toEqual(['ACCEPTED', 't-1', at]);
    expect(j.get(cr('cr_1'))).toEqual(r);
  });

  it('lists the requests of an intent in insertion order and drops terminal ones from nonTerminal and its count', async () => {
    const j = await fresh();
    const a = sampleOpenRecord(1);
    const b = { ...sampleOpenRecord(2), intentId: a.intentId };
    j.insertRequests([a, b, sampleOpenRecord(3)]);
    j.transition(cr('cr_1'), 'NOT_SENT');
    expect(j.byIntent(IntentId('in_1')).map((r) => r.clientRequestId)).toEqual(['cr_1', 'cr_2']);
    expect(j.nonTerminal().map((r) => r.clientRequestId)).toEqual(['cr_2', 'cr_3']);
    expect(j.nonTerminalCount()).toBe(2);
    expect(j.all()).toHaveLength(3);
  });

  it('refuses a second insert of the same client request id and fails closed', async () => {
    const j = await fresh();
    j.insertRequests([sampleOpenRecord(1)]);
    expect(() => j.insertRequests([sampleOpenRecord(1)])).toThrow(JournalError);
    expect(j.writeFailure).toBeInstanceOf(JournalError);
  });

  it('records a fill id exactly once', async () => {
    const j = await fresh();
    expect(j.recordFill(fill(1))).toBe(true);
    expect(j.recordFill(fill(1))).toBe(false);
    expect(j.fills().map((f) => [f.fillId, f.quantity.toString(), f.price.toString()])).toEqual([
      ['f1', '0.5', '100.25'],
    ]);
  });

  it('keeps meta values until deleted', async () => {
    const j = await fresh();
    j.setMeta('tradingState', 'halted');
    j.setMeta('tradingState', 'reducing');
    expect(j.getMeta('tradingState')).toBe('reducing');
    j.deleteMeta('tradingState');
    expect(j.getMeta('tradingState')).toBeUndefined();
  });

  it('reports a new external position once and updates its quantity after', async () => {
    const j = await fresh();
    const p = { positionKey: 'q9', symbol: 'BTCUSDT', side: 'LONG' as const, quantity: '1' };
    expect(j.upsertExternal(p)).toBe(true);
    expect(j.upsertExternal({ ...p, quantity: '2' })).toBe(false);
    expect(j.externals().map((e) => [e.positionKey, e.quantity])).toEqual([['q9', '2']]);
  });

  it('fails closed: a write that throws latches a JournalError and every later write refuses', async () => {
    const j = await fresh();
    expect(() =>
      j.write('boom', () => {
        throw new Error('disk full');
      }),
    ).toThrow(JournalError);
    expect(j.writeFailure).toBeInstanceOf(JournalError);
    expect(() => j.setMeta('x', 'y')).toThrow(/journal write failed \(boom\)/);
    expect(() => j.insertRequests([sampleOpenRecord(1)])).toThrow(JournalError);
    expect(j.get(cr('cr_1'))).toBeUndefined();
    if (j.pendingCommit() !== undefined) await expect(j.pendingCommit()).rejects.toThrow(JournalError);
  });

  it('holds the lease of the scope it was given', async () => {
    const j = await fresh();
    j.acquireLease(SCOPE);
    expect(j.leaseHeld).toBe(SCOPE);
  });

  it.runIf(store.durable)(
    'latches its intent id scheme for good: hash96 when new, sha256 when its requests predate the scheme',
    async () => {
      const clock = new VirtualClock();
      const schemeAfterReopen = async (before: (j: JournalPort) => void) => {
        const storage = await store.fresh();
        const j = await storage.open(clock);
        j.acquireLease(SCOPE);
        before(j);
        const first = intentIdSchemeOf(j);
        await durable(j);
        j.abandon();
        const again = await storage.open(clock);
        again.acquireLease(SCOPE);
        return [first, again.getMeta(INTENT_ID_SCHEME), intentIdSchemeOf(again)];
      };
      expect(await schemeAfterReopen(() => undefined)).toEqual(['hash96', 'hash96', 'hash96']);
      expect(await schemeAfterReopen((j) => j.insertRequests([sampleOpenRecord(1)]))).toEqual([
        'sha256',
        'sha256',
        'sha256',
      ]);
    },
  );

  it.runIf(store.durable)(
    'what a commit made durable is all there after a crash: requests in insert order, statuses, fills, meta, externals',
    async () => {
      const storage = await store.fresh();
      const clock = new VirtualClock();
      const j = await storage.open(clock);
      j.acquireLease(SCOPE);
      // Twelve requests of one intent: insert order is not the order of their ids as text.
      const rs = Array.from({ length: 12 }, (_, i) => ({
        ...sampleOpenRecord(i + 1),
        intentId: IntentId('in_x'),
      }));
      j.insertRequests(rs);
      j.transition(cr('cr_2'), 'SUBMITTING');
      j.transition(cr('cr_2'), 'ACCEPTED', { tempId: TempId('t-2') });
      j.recordFill(fill(1));
      j.recordFill(fill(2));
      j.setMeta('tradingState', 'halted');
      j.upsertExternal({ positionKey: 'q9', symbol: 'BTCUSDT', side: 'SHORT', quantity: '0.25' });
      await durable(j);
      const before = { all: j.all(), fills: j.fills(), externals: j.externals() };
      j.abandon();
      const again = await storage.open(clock);
      expect(again.byIntent(IntentId('in_x')).map((r) => r.clientRequestId)).toEqual(
        rs.map((r) => r.clientRequestId),
      );
      expect(again.all()).toEqual(before.all);
      expect(again.get(cr('cr_2'))?.tempId).toBe('t-2');
      expect(again.fills()).toEqual(before.fills);
      expect(again.getMeta('tradingState')).toBe('halted');
      expect(again.externals()).toEqual(before.externals);
    },
  );
});
