import type { SchedulerLike } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { type Clock, sleepOn, type TimerHandle } from '../../src/clock/Clock.ts';
import { ClockScheduler } from '../../src/clock/ClockScheduler.ts';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { MarketSymbol, StrategyId } from '../../src/domain/ids.ts';
import { deriveIntentId } from '../../src/domain/intentId.ts';
import { Scheduler } from '../../src/scheduler/Scheduler.ts';
import { MarketData } from '../../src/strategy/MarketData.ts';
import { staticBook } from '../../src/strategy/StrategyBook.ts';
import { StrategyRunner } from '../../src/strategy/StrategyRunner.ts';
import { MemoryStateStore } from '../../src/strategy/StrategyState.ts';
import { scheduleStrategy } from '../../src/strategy/scheduleStrategy.ts';
import dca from '../../strategies/dca/index.ts';

const DUE = Date.UTC(2026, 0, 1, 0, 0, 45);
const params = dca.params.parse({ cron: '*/15 * * * * *', notional: 100 });

/** Virtual time whose timers fire `lateMs` after they are due, as a loaded host's do. */
class LateTimers implements Clock {
  readonly scheduler: SchedulerLike = new ClockScheduler(this);
  private readonly inner: VirtualClock;
  private readonly lateMs: number;
  constructor(inner: VirtualClock, lateMs: number) {
    this.inner = inner;
    this.lateMs = lateMs;
  }
  now(): number {
    return this.inner.now();
  }
  setTimeout(fn: () => void, ms: number): TimerHandle {
    return this.inner.setTimeout(fn, ms + this.lateMs);
  }
  clearTimeout(handle: TimerHandle): void {
    this.inner.clearTimeout(handle);
  }
  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return sleepOn(this, ms, signal);
  }
}

/** dca scheduled by a process whose timers fire `lateMs` late, from 5 s before DUE to just after it. */
async function idsOfLateFire(lateMs: number): Promise<string[]> {
  const virtual = new VirtualClock(DUE - 5_000);
  const clock = new LateTimers(virtual, lateMs);
  const data = new MarketData(2);
  data.onTick({ symbol: MarketSymbol('ETHUSDT'), mark: 3_000, ts: virtual.now() });
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
  const ids: string[] = [];
  const scheduler = new Scheduler(clock);
  scheduleStrategy(scheduler, dca, params, runner, (i) => ids.push(i.intentId));
  scheduler.start();
  await virtual.advanceTo(DUE + lateMs + 1);
  scheduler.stop();
  return ids;
}

describe('a late timer fire buys for its due time, not for the time it fired', () => {
  it('runs fired 300 ms and 900 ms late for one due time emit that due time’s intent id: the second is a duplicate', async () => {
    const forDue = deriveIntentId(StrategyId('dca'), `dca:ETHUSDT:${DUE}`);
    expect(await idsOfLateFire(300)).toEqual([forDue]);
    expect(await idsOfLateFire(900)).toEqual([forDue]);
  });
});
