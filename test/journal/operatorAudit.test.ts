import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { IntentId, StrategyId } from '../../src/domain/ids.ts';
import type { Intent } from '../../src/domain/intent.ts';
import { AuditStore } from '../../src/kernel/operator/auditStore.ts';
import { StrategyPauses } from '../../src/kernel/operator/strategyPauses.ts';
import type { AuditEntry } from '../../src/operate/api/contract.ts';
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

const stores = journalStores(() => {
  if (server === undefined) throw new Error('PostgreSQL did not start');
  return server;
});

const entry = (n: number): AuditEntry => ({
  actionId: `a${n}`,
  at: 1_000 + n,
  actor: { via: 'console', name: 'alice', from: '127.0.0.1' },
  action: { kind: 'pause', actionId: `a${n}`, strategy: 'sma' },
  outcome: { status: 'accepted', actionId: `a${n}`, requests: [] },
});

const intentOf = (strategyId: string): Intent => ({
  kind: 'closeAll',
  intentId: IntentId('in_1'),
  strategyId: StrategyId(strategyId),
  createdAt: 0,
});

describe.each(stores)('the operator audit and pauses in the journal: $name', (store) => {
  it("answers what was recorded, newest first, and drops only a paused strategy's intents", async () => {
    const j = await (await store.fresh()).open(new VirtualClock());
    const audit = new AuditStore(j);
    for (const n of [1, 2, 3]) audit.record(entry(n));
    expect(audit.latest(2).map((e) => e.actionId)).toEqual(['a3', 'a2']);
    expect(audit.get('a2')).toEqual(entry(2));
    const pauses = new StrategyPauses(j, ['sma', 'dca']);
    pauses.pause('sma', 'operator pause by alice');
    expect([pauses.drops(intentOf('sma')), pauses.drops(intentOf('dca'))]).toEqual([true, false]);
    expect(pauses.droppedOf('sma')).toBe(1);
  });

  it.runIf(store.durable)(
    'keeps both across a crash once durable: the audit in order, the pause, not the unpaused',
    async () => {
      const storage = await store.fresh();
      const clock = new VirtualClock();
      const j = await storage.open(clock);
      j.acquireLease(SCOPE);
      const audit = new AuditStore(j);
      for (const n of [1, 2, 3]) audit.record(entry(n));
      const pauses = new StrategyPauses(j, ['sma', 'dca']);
      pauses.pause('sma', 'by alice');
      pauses.pause('dca', 'by alice');
      pauses.unpause('dca');
      await j.pendingCommit();
      j.abandon();
      const again = await storage.open(clock);
      expect(new AuditStore(again).latest().map((e) => e.actionId)).toEqual(['a3', 'a2', 'a1']);
      const back = new StrategyPauses(again, ['sma', 'dca']);
      expect([back.isPaused('sma'), back.isPaused('dca')]).toEqual([true, false]);
    },
  );
});
