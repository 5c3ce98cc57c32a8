import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { IntentId, MarketSymbol, StrategyId } from '../../src/domain/ids.ts';
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

const fresh = () => mkdtempSync(join(tmpdir(), 'perpflow-lots-'));

/** The `watch` strategy opens `quantity` LONG on `market` at market. */
async function watchOpens(kernel: Kernel, clock: VirtualClock, n: number, market: string, quantity: string) {
  const r = await kernel.executor.submit({
    kind: 'open',
    intentId: IntentId(`in_watch_${n}`),
    strategyId: StrategyId('watch'),
    createdAt: clock.now(),
    symbol: MarketSymbol(market),
    side: 'LONG',
    quantity: dec(quantity),
    leverage: 1,
    orderType: 'MARKET',
  });
  expect(r).toEqual({ status: 'accepted', clientRequestIds: [expect.any(String)] });
}

/** Journal rows of `requests`: kind, intent, strategy. */
const rowsOf = (kernel: Kernel, requests: readonly string[]) =>
  kernel.executor.journal
    .all()
    .filter((r) => requests.includes(r.clientRequestId))
    .map((r) => ({ kind: r.kind, intent: r.intentId, strategy: r.strategyId, symbol: r.symbol }));

const requestsOf = (o: Awaited<ReturnType<Kernel['operator']['act']>>) =>
  o.status === 'accepted' ? o.requests : [];

describe('operator actions over several positions', () => {
  it('one intent per lot, numbered; the risk gate denying some makes them the detail, denying all refuses with every denial', async () => {
    const clock = new VirtualClock(Date.UTC(2026, 0, 5));
    // once's open, watch's two, three TP/SL sets, then one close: the 7th intent in the minute is the last allowed.
    running = await startOperatorKernel(clock, fresh(), '', {
      account:
        '{ maxOpenPositions: 5, maxNotionalPerPosition: 100000, maxTotalNotional: 100000, maxLeverage: 5, maxIntentsPerMinute: 7, dailyLossLimit: 1000, maxDrawdownPct: 50 }',
    });
    const { kernel } = running;
    await clock.runUntil(() => kernel.executor.ledger.openLots().length === 1, 30_000);
    await watchOpens(kernel, clock, 1, 'BTCUSDT', '0.01');
    await clock.runUntil(() => kernel.executor.ledger.openLots().length === 2, 30_000);
    await watchOpens(kernel, clock, 2, 'BTCUSDT', '0.02');
    await clock.runUntil(() => kernel.executor.ledger.openLots().length === 3, 30_000);
    const act = (a: OperatorAction) => kernel.operator.act(a, alice);
    const denial = 'RATE_LIMIT_EXCEEDED: account over 7 intents per minute';

    const set = await act({ kind: 'setTpSl', actionId: 't1', market: 'BTCUSDT', stopLoss: '40000' });
    expect(set).toStrictEqual({ status: 'accepted', actionId: 't1', requests: requestsOf(set) });
    expect(rowsOf(kernel, requestsOf(set)).map((r) => [r.kind, r.intent])).toEqual([
      ['setTpSl', 'op_t1_0'],
      ['setTpSl', 'op_t1_1'],
      ['setTpSl', 'op_t1_2'],
    ]);

    const close = await act({ kind: 'close', actionId: 'c1', market: 'BTCUSDT' });
    expect(close).toStrictEqual({
      status: 'accepted',
      actionId: 'c1',
      requests: requestsOf(close),
      detail: `${denial}; ${denial}`,
    });
    expect(rowsOf(kernel, requestsOf(close)).map((r) => [r.kind, r.intent])).toEqual([['close', 'op_c1_0']]);

    expect(await act({ kind: 'close', actionId: 'c2', market: 'BTCUSDT' })).toStrictEqual({
      status: 'refused',
      actionId: 'c2',
      reason: `${denial}; ${denial}; ${denial}`,
    });
  });

  it('closeAll closes every market under the operator with one request; with nothing open it is refused', async () => {
    const clock = new VirtualClock(Date.UTC(2026, 0, 5));
    running = await startOperatorKernel(clock, fresh(), '', { prices: { BTCUSDT: 50_000, ETHUSDT: 3_000 } });
    const { kernel } = running;
    await clock.runUntil(() => kernel.executor.ledger.openLots().length === 1, 30_000);
    await watchOpens(kernel, clock, 1, 'ETHUSDT', '0.1');
    await watchOpens(kernel, clock, 2, 'BTCUSDT', '0.01');
    await clock.runUntil(() => kernel.executor.ledger.openLots().length === 3, 30_000);

    const all = await kernel.operator.act({ kind: 'closeAll', actionId: 'x1' }, alice);
    expect(all).toStrictEqual({ status: 'accepted', actionId: 'x1', requests: requestsOf(all) });
    // close-all-positions: one close row per position, all under the action's one intent.
    const rows = rowsOf(kernel, requestsOf(all));
    expect(rows.map((r) => r.symbol).sort()).toEqual(['BTCUSDT', 'BTCUSDT', 'ETHUSDT']);
    expect(new Set(rows.map((r) => `${r.kind} ${r.intent} ${r.strategy}`))).toEqual(
      new Set(['close op_x1 operator']),
    );
    await clock.runUntil(() => kernel.executor.ledger.openLots().length === 0, 30_000);
    const atVenue = await kernel.executor.venue.positions();
    expect(atVenue.filter((p) => p.status === 'OPENED')).toEqual([]);

    expect(await kernel.operator.act({ kind: 'closeAll', actionId: 'x2' }, alice)).toStrictEqual({
      status: 'refused',
      actionId: 'x2',
      reason: 'no open position to close',
    });
  });
});
