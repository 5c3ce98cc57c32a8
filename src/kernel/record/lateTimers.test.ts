import { describe, expect, it } from 'vitest';
import { SystemClock } from '../../clock/SystemClock.ts';
import { VirtualClock } from '../../clock/VirtualClock.ts';
import { LATE_MS, LateTimersClock } from './lateTimers.ts';

/** Holds the event loop, as a loaded machine does: every timer due meanwhile fires late. */
function busy(ms: number): void {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    // spin
  }
}

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('LateTimersClock', () => {
  it('tells, once per due time, of the timers that fired late and by how much; each timer still runs', async () => {
    const clock = new LateTimersClock(new SystemClock());
    const late: [number, number][] = [];
    clock.onLate = (due, ms) => late.push([due, ms]);
    const ran: string[] = [];
    const set = clock.now();
    clock.setTimeout(() => ran.push('a'), 1);
    clock.setTimeout(() => ran.push('b'), 1);
    clock.setTimeout(() => ran.push('c'), -50);
    busy(30);
    await tick(20);
    expect(ran).toEqual(['a', 'b', 'c']);
    expect(late.length).toBeGreaterThanOrEqual(2);
    expect(new Set(late.map(([due]) => due)).size).toBe(late.length);
    for (const [due, ms] of late) {
      expect(due).toBeGreaterThanOrEqual(set);
      expect(ms).toBeGreaterThanOrEqual(25);
      expect(ms).toBeLessThan(50 + 25);
    }
  });

  it('says nothing of timers that fire on time, and cancels, sleeps and reads the time through its inner clock', async () => {
    const inner = new VirtualClock(1_000);
    const clock = new LateTimersClock(inner);
    const late: number[] = [];
    clock.onLate = (due) => late.push(due);
    const ran: string[] = [];
    clock.setTimeout(() => ran.push('kept'), 10);
    const gone = clock.setTimeout(() => ran.push('cancelled'), 10);
    clock.clearTimeout(gone);
    const slept = clock.sleep(20).then(() => ran.push('slept'));
    expect(clock.now()).toBe(1_000);
    await inner.advance(30);
    await slept;
    expect(ran).toEqual(['kept', 'slept']);
    expect(late).toEqual([]);
    expect(clock.now()).toBe(1_030);
    expect(LATE_MS).toBe(2);
  });

  it('runs without anyone listening', async () => {
    const clock = new LateTimersClock(new SystemClock());
    let ran = false;
    clock.setTimeout(() => {
      ran = true;
    }, 1);
    busy(10);
    await tick(10);
    expect(ran).toBe(true);
  });
});
