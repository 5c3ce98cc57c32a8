import { afterEach, describe, expect, it } from 'vitest';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { IntentId, MarketSymbol, StrategyId } from '../../src/domain/ids.ts';
import { dec } from '../../src/domain/money.ts';
import type { ExecutionEvent } from '../../src/execution/events.ts';
import { startWatcherKernel, stopWatcherKernel, type WatcherKernel } from './support/watcherKernel.ts';

const BTC = MarketSymbol('BTCUSDT');
let running: WatcherKernel | undefined;
afterEach(async () => {
  if (running === undefined) return;
  await stopWatcherKernel(running);
  running = undefined;
});

async function start(clock: VirtualClock) {
  running = await startWatcherKernel(clock, { staleAfterMs: 3000 });
  return running;
}

const open = (n: number, at: number) => ({
  kind: 'open' as const,
  intentId: IntentId(`in_open_${n}`),
  strategyId: StrategyId('watch'),
  createdAt: at,
  symbol: BTC,
  side: 'LONG' as const,
  quantity: dec('0.01'),
  leverage: 1,
  orderType: 'MARKET' as const,
  slippage: dec('0.01'),
});

describe('the kernel feeding price staleness to the risk gate', () => {
  it('refuses a new open while prices are stale (STALE_PRICE, never journaled), lets a close through, and opens again once prices return', async () => {
    const clock = new VirtualClock(Date.UTC(2026, 0, 5));
    const { kernel, sim } = await start(clock);
    const events: ExecutionEvent[] = [];
    kernel.executor.events$.subscribe((e) => events.push(e));
    await clock.runUntil(() => kernel.feed.latest('BTCUSDT') !== undefined, 10_000);

    sim.setFaults({ errorRate: 1 });
    await clock.runUntil(() => kernel.feed.isStale(BTC), 10_000);
    kernel.submit(open(1, clock.now()));
    kernel.submit({
      kind: 'close',
      intentId: IntentId('in_close_1'),
      strategyId: StrategyId('watch'),
      createdAt: clock.now(),
      symbol: BTC,
      position: { by: 'intent', intentId: IntentId('in_nothing') },
      quantity: 'all',
      orderType: 'MARKET',
    });
    await clock.advance(10);
    expect(kernel.executor.journal.byIntent(IntentId('in_open_1'))).toEqual([]);
    expect((await kernel.metrics.denials.get()).values).toEqual([
      { labels: { strategy: 'watch', reason: 'STALE_PRICE' }, value: 1 },
      { labels: { strategy: 'watch', reason: 'UNKNOWN_POSITION' }, value: 1 },
    ]);
    // The gate refused the open for its stale price and judged the close on its own merits.
    expect(
      events.filter((e) => e.type === 'intentDenied').map((e) => e.type === 'intentDenied' && e.reason),
    ).toEqual(['STALE_PRICE', 'UNKNOWN_POSITION']);

    sim.setFaults({});
    await clock.runUntil(() => !kernel.feed.isStale(BTC), 30_000);
    kernel.submit(open(2, clock.now()));
    await clock.runUntil(() => kernel.executor.ledger.openLots().length === 1, 30_000);
    expect(
      kernel.executor.ledger.openLots().map((l) => [l.symbol, l.side, l.openQuantity.toString()]),
    ).toEqual([['BTCUSDT', 'LONG', '0.01']]);
  });
});
