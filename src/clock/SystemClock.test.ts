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

  it('reads the wall clock', () => {
    vi.setSystemTime(new Date('2026-11-21T12:00:00Z'));
    expect(new SystemClock().now()).toBe(Date.parse('2026-11-21T12:00:00Z'));
  });
});
