import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { MarketSymbol } from '../../src/domain/ids.ts';
import type { Intent } from '../../src/domain/intent.ts';
import { dec } from '../../src/domain/money.ts';
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
    const t = setup({ cron: '0 */6 * * *', notional: 1_000, leverage: 2 });
    expect(t.jobs).toEqual(['strategy:dca-1:buy']);
    t.data.onTick({ symbol: MarketSymbol('BTCUSDT'), mark: 50_000, ts: T0 });
    await t.clock.advance(13 * 3_600_000);
    t.scheduler.stop();
    const lines = t.intents.map((i) =>
      i.kind === 'open'
        ? `${(i.createdAt - T0) / 3_600_000}h open ${i.symbol} ${i.side} ${i.quantity.toString()} x${i.leverage}`
        : i.kind,
    );
    expect(lines).toEqual(['6h open BTCUSDT LONG 0.02 x2', '12h open BTCUSDT LONG 0.02 x2']);
    expect(new Set(t.intents.map((i) => i.intentId)).size).toBe(2);
  });

  it("gives each buy's TP as a fraction of its fill, on the buy itself, never as a price computed at decision time", async () => {
    const t = setup({ cron: '0 */6 * * *', notional: 1_000, takeProfit: 0.0005 });
    t.data.onTick({ symbol: MarketSymbol('BTCUSDT'), mark: 50_000, ts: T0 });
    await t.clock.advance(7 * 3_600_000);
    t.scheduler.stop();
    const [open, tp] = t.intents;
    expect(t.intents).toHaveLength(2);
    expect(open?.kind).toBe('open');
    expect(tp?.kind === 'setTpSl' && tp).toMatchObject({
      position: { by: 'intent', intentId: open?.intentId },
      takeProfit: { fraction: dec('0.0005') },
    });
    expect(tp?.kind === 'setTpSl' && tp.stopLoss).toBeUndefined();
    // No TP of its own from the fill any more: the executor prices the fraction.
    expect(dca.onFill).toBeUndefined();
  });

  it('refuses a takeProfit fraction of 1 or more by its path', () => {
    expect(() => validateStrategyParams(dca, { notional: 5, takeProfit: 1 })).toThrow('params.takeProfit');
  });

  it('refuses an invalid cron expression by its path', () => {
    expect(() => validateStrategyParams(dca, { cron: 'daily', notional: 5 })).toThrow(
      'params.cron: not a valid cron expression',
    );
  });
});
