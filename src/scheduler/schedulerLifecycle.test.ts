import { describe, expect, it } from 'vitest';
import type { Clock, TimerHandle } from '../clock/Clock.ts';
import { VirtualClock } from '../clock/VirtualClock.ts';
import { MAX_COUNTED, missedRuns } from './missedRuns.ts';
import { type JobEvent, Scheduler } from './Scheduler.ts';

const T0 = Date.UTC(2026, 0, 1, 0, 0, 0);
const EVERY_15S = '*/15 * * * * *';

describe('Scheduler lifecycle', () => {
  it('runs nothing before start(), and a job added after start() runs from then on', async () => {
    const clock = new VirtualClock(T0);
    const runs: string[] = [];
    const s = new Scheduler(clock);
    s.add({ name: 'a', cron: EVERY_15S, run: (d) => runs.push(`a@${d - T0}`) });
    await clock.advance(31_000);
    expect(runs).toEqual([]);
    s.start();
    s.add({ name: 'b', everyMs: 20_000, run: (d) => runs.push(`b@${d - T0}`) });
    expect(s.nextRuns()).toEqual(
      new Map([
        ['a', T0 + 45_000],
        ['b', T0 + 51_000],
      ]),
    );
    await clock.advance(30_000);
    s.stop();
    expect(runs).toEqual(['a@45000', 'b@51000', 'a@60000']);
  });

  it('a second start() arms nothing twice: each due time runs once', async () => {
    const clock = new VirtualClock(T0);
    const runs: number[] = [];
    const s = new Scheduler(clock);
    s.add({ name: 'a', cron: EVERY_15S, run: (d) => runs.push(d - T0) });
    s.start();
    s.start();
    await clock.advance(31_000);
    s.stop();
    expect(runs).toEqual([15_000, 30_000]);
  });

  it('after stop() it knows no job, and a job added to it then never runs', async () => {
    const clock = new VirtualClock(T0);
    const runs: number[] = [];
    const s = new Scheduler(clock);
    s.add({ name: 'a', cron: EVERY_15S, run: (d) => runs.push(d - T0) });
    s.start();
    s.stop();
    expect([...s.nextRuns()]).toEqual([]);
    s.add({ name: 'b', cron: EVERY_15S, run: (d) => runs.push(d - T0) });
    await clock.advance(31_000);
    expect(runs).toEqual([]);
  });

  it('refuses a period that is not positive, naming the job; any positive period is fine', () => {
    const s = new Scheduler(new VirtualClock(T0));
    expect(() => s.add({ name: 'zero', everyMs: 0, run: () => {} })).toThrow(
      new RangeError('job zero: everyMs must be positive'),
    );
    expect(() => s.add({ name: 'nan', everyMs: Number.NaN, run: () => {} })).toThrow(RangeError);
    expect(() => s.add({ name: 'one', everyMs: 1, run: () => {} })).not.toThrow();
    expect(() => s.add({ name: 'cron', cron: EVERY_15S, run: () => {} })).not.toThrow();
    s.stop();
  });

  it('reports each run finished with how long it took on the clock', async () => {
    const clock = new VirtualClock(T0);
    const events: JobEvent[] = [];
    const s = new Scheduler(clock, (e) => events.push(e));
    s.add({ name: 'a', cron: EVERY_15S, run: () => clock.sleep(2_000) });
    s.start();
    await clock.advance(20_000);
    s.stop();
    expect(events).toEqual([
      { type: 'started', job: 'a', at: T0 + 15_000 },
      { type: 'finished', job: 'a', at: T0 + 15_000, ms: 2_000 },
    ]);
  });
});

/** Virtual time whose timers fire `lateMs` after they are due (a host stalled for a while). */
function lateBy(inner: VirtualClock, lateMs: number): Clock {
  return {
    scheduler: inner.scheduler,
    now: () => inner.now(),
    setTimeout: (fn: () => void, ms: number): TimerHandle => inner.setTimeout(fn, ms + lateMs),
    clearTimeout: (h: TimerHandle) => inner.clearTimeout(h),
    sleep: (ms: number, signal?: AbortSignal) => inner.sleep(ms, signal),
  };
}

describe('a timer that fires more than a period late', () => {
  it('runs its own due time, then the first due time after the fire: the ones it overran do not run in a burst', async () => {
    const virtual = new VirtualClock(T0);
    const runs: { due: number; at: number }[] = [];
    const s = new Scheduler(lateBy(virtual, 20_000));
    s.add({ name: 'a', cron: EVERY_15S, run: (d) => runs.push({ due: d - T0, at: virtual.now() - T0 }) });
    s.start();
    await virtual.advance(60_000);
    s.stop();
    // The next after the fire at 35 s is 45 s, whose timer fires 20 s late: past the end.
    expect(runs).toEqual([{ due: 15_000, at: 35_000 }]);
  });
});

describe('missedRuns at its counting cap', () => {
  it('says "at least" when the due time after the last counted one is exactly now', () => {
    const every = (t: number) => (Math.floor(t / 1_000) + 1) * 1_000;
    const now = T0 + (MAX_COUNTED + 1) * 1_000;
    expect(missedRuns(every, T0, now, 1)).toEqual({
      missed: MAX_COUNTED,
      late: now,
      skipped: MAX_COUNTED - 1,
      capped: true,
    });
  });
});
