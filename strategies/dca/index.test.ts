import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { MarketSymbol } from '../../src/domain/ids.ts';
import type { Intent } from '../../src/domain/intent.ts';
import { Scheduler } from '../../src/scheduler/Scheduler.ts';
import {
  MarketData,
  MemoryStateStore,
  StrategyRunner,
  staticBook,
  validateStrategyParams,
} from '../../src/strategy/index.ts';
import { scheduleStrategy } from '../../src/strategy/scheduleStrategy.ts';
import dca from './index.ts';

const T0 = Date.UTC(2026, 0, 1);

function setup(raw: unknown) {
  const clock = new VirtualClock(T0);
  const data = new MarketData(4);
  const params = validateStrategyParams(dca, raw);
  const runner = new StrategyRunner({
    strategy: dca,
    id: 'dca-1',
    markets: ['BTCUSDT', 'ETHUSDT'],
    params,
    clock,
    data,
    book: staticBook(),
    state: new MemoryStateStore(),
    emit: (e) => {
      throw new Error(e.type);
    },
  });
  runner.start();
  const intents: Intent[] = [];
  const scheduler = new Scheduler(clock);
  const jobs = scheduleStrategy(scheduler, dca, params, runner, (i) => intents.push(i));
  scheduler.start();
  return { clock, data, intents, scheduler, jobs, runner };
}

describe('dca', () => {
  it('buys the notional of each priced market on every cron tick of the virtual clock', async () => {
    const t = setup({ cron: '0 */6 * * *', notional: 1_000, takeProfit: 0.05, leverage: 2 });
    expect(t.jobs).toEqual(['strategy:dca-1:buy']);
    t.data.onTick({ symbol: MarketSymbol('BTCUSDT'), mark: 50_000, ts: T0 });
    await t.clock.advance(13 * 3_600_000);
    t.scheduler.stop();
    const lines = t.intents.map((i) =>
      i.kind === 'open'
        ? `${(i.createdAt - T0) / 3_600_000}h open ${i.symbol} ${i.side} ${i.quantity.toString()} x${i.leverage}`
        : i.kind === 'setTpSl'
          ? `${(i.createdAt - T0) / 3_600_000}h tp ${i.takeProfit?.toString()}`
          : i.kind,
    );
    expect(lines).toEqual(['6h open BTCUSDT LONG 0.02 x2', '12h open BTCUSDT LONG 0.02 x2']);
    expect(new Set(t.intents.map((i) => i.intentId)).size).toBe(2);
  });

  it("sets each buy's TP from its fill price, not from the price it decided on, once per buy", () => {
    const t = setup({ cron: '0 */6 * * *', notional: 1_000, takeProfit: 0.0005 });
    // Decided at 50,000; the market moved and the buy filled at 50,100.
    const fill = {
      market: 'BTCUSDT',
      intentId: 'in_buy_1',
      kind: 'open' as const,
      side: 'LONG' as const,
      quantity: 0.02,
      price: 50_100,
      at: T0,
    };
    const [tp] = t.runner.onFill(fill);
    expect(tp?.kind === 'setTpSl' && [tp.takeProfit?.toString(), tp.position]).toEqual([
      '50125.05',
      { by: 'intent', intentId: 'in_buy_1' },
    ]);
    expect(t.runner.onFill(fill)[0]?.intentId).toBe(tp?.intentId);
    expect(t.runner.onFill({ ...fill, kind: 'close' })).toEqual([]);
    t.scheduler.stop();
  });

  it('refuses an invalid cron expression by its path', () => {
    expect(() => validateStrategyParams(dca, { cron: 'daily', notional: 5 })).toThrow(
      'params.cron: not a valid cron expression',
    );
  });
});
