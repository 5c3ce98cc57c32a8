import { firstValueFrom, interval, take, timer, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { VirtualClock } from './VirtualClock.ts';

describe('VirtualClock', () => {
  it('fires timers in due order, ties in creation order, and only when time reaches them', async () => {
    const clock = new VirtualClock(1_000);
    const fired: string[] = [];
    clock.setTimeout(() => fired.push('b@300'), 300);
    clock.setTimeout(() => fired.push('a@100'), 100);
    clock.setTimeout(() => fired.push('c@300'), 300);
    await clock.advance(299);
    expect(fired).toEqual(['a@100']);
    expect(clock.now()).toBe(1_299);
    await clock.advance(1);
    expect(fired).toEqual(['a@100', 'b@300', 'c@300']);
  });

  it('sees the due time as now inside a firing timer', async () => {
    const clock = new VirtualClock(0);
    let seen = -1;
    clock.setTimeout(() => {
      seen = clock.now();
    }, 250);
    await clock.advance(1_000);
    expect(seen).toBe(250);
  });

  it('does not fire a cleared timer', async () => {
    const clock = new VirtualClock(0);
    let fired = false;
    const h = clock.setTimeout(() => {
      fired = true;
    }, 10);
    clock.clearTimeout(h);
    await clock.advance(100);
    expect(fired).toBe(false);
    expect(clock.pendingTimers).toBe(0);
  });

  it('lets async work settle between timers, so chained sleeps complete in one advance', async () => {
    const clock = new VirtualClock(0);
    const trace: number[] = [];
    const job = (async () => {
      for (let i = 0; i < 3; i++) {
        await clock.sleep(100);
        trace.push(clock.now());
      }
    })();
    await clock.advance(300);
    await job;
    expect(trace).toEqual([100, 200, 300]);
  });

  it('rejects a sleep with the abort reason', async () => {
    const clock = new VirtualClock(0);
    const ctl = new AbortController();
    const p = clock.sleep(1_000, ctl.signal);
    ctl.abort(new Error('stop'));
    await expect(p).rejects.toThrow('stop');
    expect(clock.pendingTimers).toBe(0);
  });

  it('runs until a condition holds, or gives up at the limit', async () => {
    const clock = new VirtualClock(0);
    let done = false;
    clock.setTimeout(() => {
      done = true;
    }, 5_000);
    expect(await clock.runUntil(() => done)).toBe(true);
    expect(clock.now()).toBe(5_000);
    expect(await clock.runUntil(() => false, 1_000)).toBe(false);
    expect(clock.now()).toBe(6_000);
  });

  it('says a timer is due only once time has reached it, and not after it fired', () => {
    const clock = new VirtualClock(0);
    expect(clock.hasDue()).toBe(false);
    clock.setTimeout(() => {}, 0);
    expect(clock.hasDue()).toBe(true);
    clock.advanceSync(0);
    expect(clock.hasDue()).toBe(false);
    clock.setTimeout(() => {}, 10);
    expect(clock.hasDue()).toBe(false);
  });

  it('advances synchronously for hot loops', () => {
    const clock = new VirtualClock(0);
    const fired: number[] = [];
    clock.setTimeout(() => fired.push(clock.now()), 10);
    clock.advanceSync(20);
    expect(fired).toEqual([10]);
    expect(clock.now()).toBe(20);
  });
});

describe('ClockScheduler', () => {
  it('drives rxjs interval on virtual time', async () => {
    const clock = new VirtualClock(0);
    const seen: number[] = [];
    interval(1_000, clock.scheduler)
      .pipe(take(3))
      .subscribe(() => seen.push(clock.now()));
    await clock.advance(10_000);
    expect(seen).toEqual([1_000, 2_000, 3_000]);
  });

  it('drives rxjs timer with a period and stops on unsubscribe', async () => {
    const clock = new VirtualClock(0);
    const seen: number[] = [];
    const sub = timer(500, 250, clock.scheduler).subscribe(() => seen.push(clock.now()));
    await clock.advance(1_000);
    sub.unsubscribe();
    await clock.advance(1_000);
    expect(seen).toEqual([500, 750, 1_000]);
    expect(clock.pendingTimers).toBe(0);
  });

  it('reports the clock time as the scheduler time', async () => {
    const clock = new VirtualClock(42);
    expect(clock.scheduler.now()).toBe(42);
    const values = firstValueFrom(interval(10, clock.scheduler).pipe(take(2), toArray()));
    await clock.advance(20);
    expect(await values).toEqual([0, 1]);
  });
});
