import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SystemClock } from './SystemClock.ts';

describe('SystemClock', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fires a timer once, after its delay', () => {
    const clock = new SystemClock();
    const fired = vi.fn();
    clock.setTimeout(fired, 100);
    vi.advanceTimersByTime(99);
    expect(fired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    vi.advanceTimersByTime(1_000);
    expect(fired).toHaveBeenCalledTimes(1);
  });

  it("never fires a cleared timer, and clearing one that fired or another clock's handle does nothing", () => {
    const clock = new SystemClock();
    const cleared = vi.fn();
    const fired = vi.fn();
    clock.clearTimeout(clock.setTimeout(cleared, 50));
    const done = clock.setTimeout(fired, 10);
    vi.advanceTimersByTime(100);
    expect(() => clock.clearTimeout(done)).not.toThrow();
    expect(() => clock.clearTimeout({ id: 12345 })).not.toThrow();
    expect(cleared).not.toHaveBeenCalled();
    expect(fired).toHaveBeenCalledTimes(1);
  });

  it('holds a timer longer than Node allows (2^31 − 1 ms, a yearly cron) until its time, instead of firing at once', () => {
    const clock = new SystemClock();
    const fired = vi.fn();
    const year = 365 * 86_400_000;
    clock.setTimeout(fired, year);
    vi.advanceTimersByTime(year - 1);
    expect(fired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fired).toHaveBeenCalledTimes(1);
  });

  it('clears a long timer between the parts it waits in', () => {
    const clock = new SystemClock();
    const fired = vi.fn();
    const timer = clock.setTimeout(fired, 3 * 2 ** 31);
    vi.advanceTimersByTime(2 ** 31 + 5);
    clock.clearTimeout(timer);
    vi.advanceTimersByTime(3 * 2 ** 31);
    expect(fired).not.toHaveBeenCalled();
  });

  it('reads the wall clock', () => {
    vi.setSystemTime(new Date('2026-11-21T12:00:00Z'));
    expect(new SystemClock().now()).toBe(Date.parse('2026-11-21T12:00:00Z'));
  });
});
