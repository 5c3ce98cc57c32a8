import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { ClientRequestId, IntentId, MarketSymbol, StrategyId } from '../../src/domain/ids.ts';
import { dec } from '../../src/domain/money.ts';
import type { Actor } from '../../src/operate/api/contract.ts';
import { startOperatorKernel } from './support/operatorKernel.ts';
import { stopWatcherKernel, type WatcherKernel } from './support/watcherKernel.ts';

const BTC = MarketSymbol('BTCUSDT');
const alice: Actor = { via: 'api', name: 'alice', from: '127.0.0.1' };
let running: WatcherKernel | undefined;
afterEach(async () => {
  if (running === undefined) return;
  await stopWatcherKernel(running);
  running = undefined;
});

const fresh = () => mkdtempSync(join(tmpdir(), 'perpflow-operator-'));

/** A kernel on a fresh journal, once its `once` strategy's position is open. */
async function onceOpened(): Promise<WatcherKernel> {
  const clock = new VirtualClock(Date.UTC(2026, 0, 5));
  running = await startOperatorKernel(clock, fresh());
  const { kernel } = running;
  await clock.runUntil(() => kernel.executor.ledger.openLots(StrategyId('once')).length === 1, 30_000);
  return running;
}

describe('operator actions in the core', () => {
  it('close: the position closes at the venue, the journal has the operator close under the action id, and the same action id again does nothing', async () => {
    const { kernel, clock } = await onceOpened();

    const first = await kernel.operator.act({ kind: 'close', actionId: 'a1', market: 'BTCUSDT' }, alice);
    expect(first.status).toBe('accepted');
    const requests = first.status === 'accepted' ? first.requests : [];
    expect(requests).toHaveLength(1);
    const row = kernel.executor.journal.get(ClientRequestId(requests[0] as string));
    expect({ kind: row?.kind, intent: row?.intentId, strategy: row?.strategyId }).toEqual({
      kind: 'close',
      intent: 'op_a1',
      strategy: 'once',
    });
    await clock.runUntil(() => kernel.executor.ledger.openLots().length === 0, 30_000);
    const atVenue = await kernel.executor.venue.positions();
    expect(atVenue.filter((p) => p.status === 'OPENED')).toEqual([]);

    const again = await kernel.operator.act({ kind: 'close', actionId: 'a1', market: 'BTCUSDT' }, alice);
    expect(again).toEqual({ status: 'duplicate', actionId: 'a1', first });
    expect(kernel.executor.journal.all().filter((r) => r.kind === 'close')).toHaveLength(1);
    const [entry] = kernel.operator.audit();
    expect({ id: entry?.actionId, actor: entry?.actor, outcome: entry?.outcome }).toEqual({
      id: 'a1',
      actor: alice,
      outcome: first,
    });
  });

  it('close passes while halted (risk-reducing), an open does not; resume names the operator', async () => {
    const { kernel, clock } = await onceOpened();
    const halt = await kernel.operator.act({ kind: 'halt', actionId: 'h1', reason: 'test' }, alice);
    expect(halt).toEqual({ status: 'accepted', actionId: 'h1', requests: [], detail: 'trading halted' });
    const denied = await kernel.executor.submit({
      kind: 'open',
      intentId: IntentId('in_more'),
      strategyId: StrategyId('watch'),
      createdAt: clock.now(),
      symbol: BTC,
      side: 'LONG',
      quantity: dec('0.01'),
      leverage: 1,
      orderType: 'MARKET',
    });
    expect(denied.status).toBe('denied');
    const close = await kernel.operator.act({ kind: 'close', actionId: 'c1', market: 'BTCUSDT' }, alice);
    expect(close.status).toBe('accepted');
    await clock.runUntil(() => kernel.executor.ledger.openLots().length === 0, 30_000);
    expect(kernel.executor.gate.state).toBe('halted');
    const resume = await kernel.operator.act({ kind: 'resume', actionId: 'r1' }, alice);
    expect(resume).toEqual({ status: 'accepted', actionId: 'r1', requests: [], detail: 'trading active' });
    expect(kernel.executor.gate.stateReason).toBe('operator resume by alice (api)');
  });

  it("setTpSl: the position carries the operator's TP and SL once the venue applied them; a cancel of an ended request is refused", async () => {
    const { kernel, clock, sim } = await onceOpened();
    const set = await kernel.operator.act(
      { kind: 'setTpSl', actionId: 't1', market: 'BTCUSDT', takeProfit: '55000', stopLoss: '45000' },
      alice,
    );
    expect(set).toEqual({ status: 'accepted', actionId: 't1', requests: ['cr_op_t1'] });
    await clock.runUntil(
      () => kernel.executor.journal.get(ClientRequestId('cr_op_t1'))?.status === 'FILLED',
      30_000,
    );
    const [lot] = kernel.executor.ledger.openLots();
    const quote = sim.engine.quote(String(lot?.quoteId));
    expect([quote?.takeProfit?.toString(), quote?.stopLoss?.toString()]).toEqual(['55000', '45000']);
    const opened = kernel.executor.journal.all().find((r) => r.kind === 'open');
    const cancel = await kernel.operator.act(
      { kind: 'cancel', actionId: 'c9', requestId: opened?.clientRequestId ?? '' },
      alice,
    );
    expect(cancel).toEqual({
      status: 'refused',
      actionId: 'c9',
      reason: `request ${opened?.clientRequestId} has ended (FILLED)`,
    });
  });

  it('cancel: an open the venue has accepted but not filled is cancelled there; the same request again is refused as ended', async () => {
    const { kernel, clock } = await onceOpened();
    await kernel.operator.act({ kind: 'pause', actionId: 'quiet', strategy: 'once' }, alice);
    const r = await kernel.executor.submit({
      kind: 'open',
      intentId: IntentId('in_slow'),
      strategyId: StrategyId('watch'),
      createdAt: clock.now(),
      symbol: BTC,
      side: 'SHORT',
      quantity: dec('0.01'),
      leverage: 1,
      orderType: 'LIMIT',
      limitPrice: dec('60000'),
    });
    const id = r.status === 'accepted' ? (r.clientRequestIds[0] ?? '') : '';
    const journal = kernel.executor.journal;
    await clock.runUntil(() => journal.get(ClientRequestId(id))?.status === 'ACCEPTED', 30_000);
    const cancel = await kernel.operator.act({ kind: 'cancel', actionId: 'k1', requestId: id }, alice);
    expect(cancel).toEqual({ status: 'accepted', actionId: 'k1', requests: ['cr_op_k1'] });
    await clock.runUntil(() => journal.get(ClientRequestId(id))?.status === 'CANCELED', 30_000);
    const again = await kernel.operator.act({ kind: 'cancel', actionId: 'k2', requestId: id }, alice);
    expect(again).toEqual({
      status: 'refused',
      actionId: 'k2',
      reason: `request ${id} has ended (CANCELED)`,
    });
  });

  it('refuses what names nothing: an unknown market, strategy or request, and a malformed action id', async () => {
    const clock = new VirtualClock(Date.UTC(2026, 0, 5));
    running = await startOperatorKernel(clock, fresh());
    const { kernel } = running;
    const act = (a: Parameters<typeof kernel.operator.act>[0]) => kernel.operator.act(a, alice);
    expect(await act({ kind: 'close', actionId: 'r1', market: 'ETHUSDT' })).toEqual({
      status: 'refused',
      actionId: 'r1',
      reason: 'no open position on ETHUSDT',
    });
    expect(await act({ kind: 'pause', actionId: 'r2', strategy: 'nope' })).toEqual({
      status: 'refused',
      actionId: 'r2',
      reason: 'no strategy nope runs in this bot',
    });
    expect(await act({ kind: 'cancel', actionId: 'r3', requestId: 'cr_nothing' })).toEqual({
      status: 'refused',
      actionId: 'r3',
      reason: 'no request cr_nothing',
    });
    expect((await act({ kind: 'resume', actionId: 'x y' })).status).toBe('refused');
  });

  it('a paused strategy stays paused after a restart: its hooks run, its open is dropped and counted, and the audit survives', async () => {
    const dir = fresh();
    const clock = new VirtualClock(Date.UTC(2026, 0, 5));
    running = await startOperatorKernel(clock, dir);
    const paused = await running.kernel.operator.act(
      { kind: 'pause', actionId: 'p1', strategy: 'once' },
      alice,
    );
    expect(paused).toEqual({ status: 'accepted', actionId: 'p1', requests: [], detail: 'once paused' });
    await stopWatcherKernel(running);

    running = await startOperatorKernel(clock, dir);
    const { kernel } = running;
    expect(kernel.operator.pauses.isPaused('once')).toBe(true);
    await clock.runUntil(() => kernel.operator.pauses.droppedOf('once') === 1, 30_000);
    await clock.advance(5_000);
    expect(kernel.executor.journal.all()).toEqual([]);
    expect(kernel.operator.audit().map((e) => e.actionId)).toEqual(['p1']);
    const unpaused = await kernel.operator.act({ kind: 'unpause', actionId: 'p2', strategy: 'once' }, alice);
    expect(unpaused.status).toBe('accepted');
    expect(kernel.operator.pauses.isPaused('once')).toBe(false);
  });
});
