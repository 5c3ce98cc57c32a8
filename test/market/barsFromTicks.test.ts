import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { Clock } from '../../src/clock/Clock.ts';
import { ClockScheduler } from '../../src/clock/ClockScheduler.ts';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { MarketSymbol } from '../../src/domain/ids.ts';
import type { PriceTick } from '../../src/domain/tick.ts';
import { barsFromTicks } from '../../src/market/barsFromTicks.ts';

const T0 = Date.UTC(2026, 0, 1);
const S = MarketSymbol('BTCUSDT');
const M = 60_000;

describe('barsFromTicks', () => {
  it('closes a quiet bar on the clock at its end plus grace, and counts late ticks', async () => {
    const clock = new VirtualClock(T0);
    const ticks = new Subject<PriceTick>();
    const bars: string[] = [];
    const late: number[] = [];
    const sub = barsFromTicks(ticks, {
      symbol: S,
      intervalMs: M,
      scheduler: clock.scheduler,
      graceMs: 1_000,
      onLate: (n) => late.push(n),
    }).subscribe((b) => bars.push(`${(b.openTime - T0) / M}:${b.close}@${(clock.now() - T0) / 1000}s`));
    ticks.next({ symbol: S, ts: T0 + 5_000, mark: 10 });
    await clock.advance(30_000);
    ticks.next({ symbol: S, ts: T0 + 30_000, mark: 11 });
    await clock.advance(30_500);
    ticks.next({ symbol: S, ts: T0 + 59_000, mark: 12 });
    await clock.advance(600);
    expect(bars).toEqual(['0:12@61s']);
    ticks.next({ symbol: S, ts: T0 + 59_500, mark: 99 });
    await clock.advance(5 * M);
    sub.unsubscribe();
    expect(late).toEqual([1]);
    expect(bars).toEqual(['0:12@61s']);
    expect(clock.pendingTimers).toBe(0);
  });

  it('closes a quiet bar on time when the system timer fires a millisecond early', async () => {
    const virtual = new VirtualClock(T0);
    // Node's timers fire by a monotonic clock; Date.now, truncated, can read 1 ms short of due.
    const early: Clock = {
      now: () => virtual.now(),
      setTimeout: (fn, ms) => virtual.setTimeout(fn, Math.max(1, ms - 1)),
      clearTimeout: (h) => virtual.clearTimeout(h),
      sleep: (ms) => virtual.sleep(ms),
      get scheduler() {
        return scheduler;
      },
    };
    const scheduler = new ClockScheduler(early);
    const ticks = new Subject<PriceTick>();
    const bars: string[] = [];
    const sub = barsFromTicks(ticks, { symbol: S, intervalMs: M, scheduler, graceMs: 250 }).subscribe((b) =>
      bars.push(`${(b.openTime - T0) / M}@${clock(virtual.now())}`),
    );
    ticks.next({ symbol: S, ts: T0 + 5_000, mark: 10 });
    await virtual.advance(2 * M);
    sub.unsubscribe();
    expect(bars).toEqual(['0@60.25s']);
  });
});

const clock = (t: number): string => `${(t - T0) / 1000}s`;
