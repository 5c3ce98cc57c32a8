import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { ClientRequestId, IntentId, MarketSymbol, StrategyId } from '../../src/domain/ids.ts';
import { dec } from '../../src/domain/money.ts';
import type { Kernel } from '../../src/kernel/Kernel.ts';
import type { Actor, OperatorAction } from '../../src/operate/api/contract.ts';
import { startOperatorKernel } from './support/operatorKernel.ts';
import { stopWatcherKernel, type WatcherKernel } from './support/watcherKernel.ts';

const alice: Actor = { via: 'api', name: 'alice', from: '127.0.0.1' };
let running: WatcherKernel | undefined;
afterEach(async () => {
  if (running === undefined) return;
  await stopWatcherKernel(running);
  running = undefined;
});

/** A kernel whose `once` strategy holds its BTCUSDT position; `killSwitch` is risk.killSwitch. */
async function onceOpened(killSwitch?: string): Promise<WatcherKernel> {
  const clock = new VirtualClock(Date.UTC(2026, 0, 5));
  const dir = mkdtempSync(join(tmpdir(), 'perpflow-halt-'));
  running = await startOperatorKernel(clock, dir, '', killSwitch === undefined ? {} : { killSwitch });
  const { kernel } = running;
  await clock.runUntil(() => kernel.executor.ledger.openLots(StrategyId('once')).length === 1, 30_000);
  return running;
}

const rows = (kernel: Kernel, kind: string) =>
  kernel.executor.journal
    .all()
    .filter((r) => r.kind === kind)
    .map((r) => ({ id: r.clientRequestId, intent: r.intentId, strategy: r.strategyId }));

describe('operator halt and cancel through the kernel', () => {
  it('halt without closeAll latches the reason naming the operator and leaves the position open', async () => {
    const { kernel, clock } = await onceOpened();
    const halt = await kernel.operator.act({ kind: 'halt', actionId: 'h1' }, alice);
    expect(halt).toStrictEqual({
      status: 'accepted',
      actionId: 'h1',
      requests: [],
      detail: 'trading halted',
    });
    expect(kernel.executor.gate.stateReason).toBe('operator halt by alice (api)');
    await clock.advance(5_000);
    expect(kernel.executor.ledger.openLots()).toHaveLength(1);
    expect(rows(kernel, 'close')).toEqual([]);
  });

  it('halt with closeAll closes every position under the action id, once; a second one with nothing open sends nothing', async () => {
    const { kernel, clock } = await onceOpened();
    const halt = await kernel.operator.act(
      { kind: 'halt', actionId: 'h2', closeAll: true, reason: 'eod' },
      alice,
    );
    const closes = rows(kernel, 'close');
    expect(closes).toEqual([{ id: expect.any(String), intent: 'op_h2', strategy: 'operator' }]);
    expect(halt).toStrictEqual({
      status: 'accepted',
      actionId: 'h2',
      requests: closes.map((c) => c.id),
      detail: 'trading halted',
    });
    expect(kernel.executor.gate.stateReason).toBe('operator halt by alice (api): eod');
    await clock.runUntil(() => kernel.executor.ledger.openLots().length === 0, 30_000);

    const again = await kernel.operator.act({ kind: 'halt', actionId: 'h3', closeAll: true }, alice);
    expect(again).toStrictEqual({
      status: 'accepted',
      actionId: 'h3',
      requests: [],
      detail: 'trading halted',
    });
    await clock.advance(5_000);
    expect(rows(kernel, 'close')).toEqual(closes);
  });

  it('with risk.killSwitch.closeAllOnHalt a plain halt closes too', async () => {
    const { kernel, clock } = await onceOpened('{ closeAllOnHalt: true }');
    const halt = await kernel.operator.act({ kind: 'halt', actionId: 'h4' }, alice);
    expect(rows(kernel, 'close').map((c) => c.intent)).toEqual(['op_h4']);
    expect(halt).toStrictEqual({
      status: 'accepted',
      actionId: 'h4',
      requests: rows(kernel, 'close').map((c) => c.id),
      detail: 'trading halted',
    });
    await clock.runUntil(() => kernel.executor.ledger.openLots().length === 0, 30_000);
  });

  it('cancel: a TP/SL set in flight is refused by kind; a resting close is cancelled at the venue unless cancels are halted', async () => {
    const { kernel, clock } = await onceOpened();
    const journal = kernel.executor.journal;
    const act = (a: OperatorAction) => kernel.operator.act(a, alice);
    await act({ kind: 'pause', actionId: 'quiet', strategy: 'once' });

    await act({ kind: 'setTpSl', actionId: 't1', market: 'BTCUSDT', takeProfit: '55000' });
    expect(journal.get(ClientRequestId('cr_op_t1'))?.status).not.toBe('FILLED');
    expect(await act({ kind: 'cancel', actionId: 'k0', requestId: 'cr_op_t1' })).toStrictEqual({
      status: 'refused',
      actionId: 'k0',
      reason: 'a setTpSl request cannot be cancelled at the venue',
    });
    await clock.runUntil(() => journal.get(ClientRequestId('cr_op_t1'))?.status === 'FILLED', 30_000);

    const [lot] = kernel.executor.ledger.openLots();
    const r = await kernel.executor.submit({
      kind: 'close',
      intentId: IntentId('in_rest'),
      strategyId: StrategyId('once'),
      createdAt: clock.now(),
      symbol: MarketSymbol('BTCUSDT'),
      position: { by: 'quote', quoteId: lot?.quoteId ?? ('' as never) },
      quantity: 'all',
      orderType: 'LIMIT',
      closePrice: dec('60000'),
    });
    const closeId = r.status === 'accepted' ? (r.clientRequestIds[0] ?? '') : '';
    await clock.runUntil(() => journal.get(ClientRequestId(closeId))?.status === 'ACCEPTED', 30_000);
    // After a 403 on cancels the gate holds the cancel capability: the operator's cancel is one.
    kernel.executor.gate.haltCapability('cancel', 'the venue refused a cancel (403)');
    expect(await act({ kind: 'cancel', actionId: 'k403', requestId: closeId })).toStrictEqual({
      status: 'refused',
      actionId: 'k403',
      reason: 'CAPABILITY_HALTED: cancel halted: the venue refused a cancel (403)',
    });
    kernel.executor.gate.clearCapability('cancel');
    expect(await act({ kind: 'cancel', actionId: 'k1', requestId: closeId })).toStrictEqual({
      status: 'accepted',
      actionId: 'k1',
      requests: ['cr_op_k1'],
    });
    const cancel = journal.get(ClientRequestId('cr_op_k1'));
    expect({ kind: cancel?.kind, intent: cancel?.intentId, strategy: cancel?.strategyId }).toEqual({
      kind: 'cancelClose',
      intent: 'op_k1',
      strategy: 'once',
    });
    await clock.runUntil(() => journal.get(ClientRequestId(closeId))?.status === 'CANCELED', 30_000);
    expect(kernel.executor.ledger.openLots()).toHaveLength(1);
  });
});
