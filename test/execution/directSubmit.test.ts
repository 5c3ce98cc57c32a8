import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { MarketSymbol, StrategyId } from '../../src/domain/ids.ts';
import type { CloseIntent, OpenIntent } from '../../src/domain/intent.ts';
import { deriveIntentId } from '../../src/domain/intentId.ts';
import { dec } from '../../src/domain/money.ts';
import { Executor } from '../../src/execution/Executor.ts';
import { MemoryJournal } from '../../src/journal/MemoryJournal.ts';
import { createSimulator } from '../../src/simulator/createSimulator.ts';
import { createDirectVenue } from '../../src/simulator/direct/createDirectVenue.ts';
import { manualPrices } from '../../src/simulator/prices/PriceSource.ts';
import { bootstrapAccount } from '../../src/simulator/testing/bootstrapAccount.ts';
import { IN_PROCESS_BASE_URL } from '../../src/venue/http/baseUrl.ts';

const S = StrategyId('s1');
const SYMBOL = MarketSymbol('BTCUSDT');

describe('a submit the in-process venue answers at once', () => {
  it('sends each order in exactly one venue call, accepted before any timer fires', async () => {
    const clock = new VirtualClock(Date.UTC(2026, 0, 5), { settle: 'microtasks' });
    const sim = createSimulator({
      clock,
      prices: manualPrices({ BTCUSDT: 60_000 }),
      fillLatencyMs: { min: 200, max: 200 },
    });
    const account = await bootstrapAccount(sim.fetch, { baseUrl: IN_PROCESS_BASE_URL });
    const trades: string[] = [];
    const venue = createDirectVenue(sim, {
      apiKey: account.apiKey,
      subaccount: account.subaccount,
      onCall: (endpoint) => endpoint.includes('/trade/') && trades.push(endpoint),
    });
    const ex = await Executor.start({
      venue,
      journal: new MemoryJournal(clock),
      clock,
      execution: { batchWindowMs: 0 },
    });
    const open: OpenIntent = {
      kind: 'open',
      intentId: deriveIntentId(S, 'o1'),
      strategyId: S,
      createdAt: 0,
      symbol: SYMBOL,
      side: 'LONG',
      quantity: dec('0.01'),
      leverage: 5,
      orderType: 'MARKET',
      slippage: dec('0.05'),
    };
    const close: CloseIntent = {
      kind: 'close',
      intentId: deriveIntentId(S, 'c1'),
      strategyId: S,
      createdAt: 0,
      symbol: SYMBOL,
      position: { by: 'intent', intentId: open.intentId },
      quantity: 'all',
      orderType: 'MARKET',
      slippage: dec('0.05'),
    };
    const timers = clock.pendingTimers;
    await ex.submit(open);
    await clock.runUntil(() => ex.journal.byIntent(open.intentId)[0]?.status === 'ACCEPTED', 0);
    expect(ex.journal.byIntent(open.intentId).map((r) => [r.status, r.tempId !== undefined])).toEqual([
      ['ACCEPTED', true],
    ]);
    // Only the engine's fill is waiting: the answer came without a timer of the core's.
    expect(clock.pendingTimers).toBe(timers + 1);
    await clock.runUntil(() => ex.isIdle());
    await ex.submit(close);
    await clock.runUntil(() => ex.isIdle());
    expect(
      [...ex.journal.byIntent(open.intentId), ...ex.journal.byIntent(close.intentId)].map((r) => r.status),
    ).toEqual(['FILLED', 'FILLED']);
    expect(trades).toEqual(['POST /v1/trade/create-position', 'POST /v1/trade/close-position']);
    await ex.stop();
    sim.stop();
  });
});
