import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { MarketSymbol } from '../../src/domain/ids.ts';
import { MarketData } from '../../src/strategy/MarketData.ts';
import { staticBook } from '../../src/strategy/StrategyBook.ts';
import { StrategyRunner } from '../../src/strategy/StrategyRunner.ts';
import { MemoryStateStore } from '../../src/strategy/StrategyState.ts';
import dca from '../../strategies/dca/index.ts';

const DUE = Date.UTC(2026, 0, 1, 0, 0, 45);
const params = dca.params.parse({ cron: '*/15 * * * * *', notional: 100, takeProfit: 0.01 });

/** dca's scheduled buy run by a fresh process whose clock reads `now`, for the due time `dueAt`. */
function runAt(now: number, dueAt: number): string[] {
  const clock = new VirtualClock(now);
  const data = new MarketData(2);
  data.onTick({ symbol: MarketSymbol('ETHUSDT'), mark: 3_000, ts: now });
  const runner = new StrategyRunner({
    strategy: dca,
    id: 'dca',
    markets: ['ETHUSDT'],
    params,
    clock,
    data,
    book: staticBook(),
    state: new MemoryStateStore(),
    emit: () => {},
  });
  runner.start();
  const entry = (typeof dca.schedule === 'function' ? dca.schedule(params) : [])[0];
  if (entry === undefined) throw new Error('dca has no schedule');
  return runner
    .runSchedule(entry.name, entry.run, dueAt)
    .map((i) => `${i.kind}:${i.intentId}:${i.createdAt - DUE}`);
}

describe('the ids of a scheduled intent derive from (strategy, schedule, due time)', () => {
  it('two runs for one due time, at different wall times, emit the same intent ids (the executor refuses the second as a duplicate); the next due time emits new ones', () => {
    const first = runAt(DUE - 1, DUE);
    // The open and its take-profit relative to the fill (leg 1 of the same signal).
    expect(first.map((x) => x.split(':')[0])).toEqual(['open', 'setTpSl']);
    expect(runAt(DUE + 2, DUE)).toEqual(first);
    expect(runAt(DUE + 450, DUE)).toEqual(first);
    const next = runAt(DUE + 15_000, DUE + 15_000);
    expect(next.filter((x) => first.includes(x))).toEqual([]);
  });
});
