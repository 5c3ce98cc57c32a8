import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { Scheduler } from '../../src/scheduler/Scheduler.ts';
import { EarlyTimers } from './earlyTimers.ts';

// A due time of a 15-second cron: 00:00:45 UTC.
const DUE = Date.UTC(2026, 0, 1, 0, 0, 45);
const EVERY_15S = '*/15 * * * * *';
// Start moments around the due time: well before, just before (1.5 s, as in the report), the last
// milliseconds, on it, and just after.
const OFFSETS = [
  -10_000, -2_000, -1_500, -1_000, -550, -450, -100, -3, -2, -1, 0, 1, 2, 450, 999, 1_000, 1_001,
];

/** Due times strictly after `from` up to `to`, every 15 s. */
function dueTimes(from: number, to: number): number[] {
  const out: number[] = [];
  for (let t = Math.floor(from / 15_000) * 15_000 + 15_000; t <= to; t += 15_000) out.push(t);
  return out;
}

/** The due time a fire belongs to: the nearest one (a fire a few ms off still counts for it). */
const tickOf = (at: number): number => Math.round(at / 15_000) * 15_000;

/** One "process": a scheduler with the strategy's job, started at the clock's current time. */
function startProcess(clock: EarlyTimers, fires: number[]): Scheduler {
  const s = new Scheduler(clock);
  s.add({ name: 'strategy:dca:buy', cron: EVERY_15S, run: (dueAt) => fires.push(dueAt) });
  s.start();
  return s;
}

describe('a cron schedule fires exactly once per due time', () => {
  it.each(OFFSETS)(
    'started %i ms from a due time, on timers that fire 1 ms early by the clock: each due time once, none skipped',
    async (offset) => {
      const virtual = new VirtualClock(DUE + offset);
      const clock = new EarlyTimers(virtual);
      const fires: number[] = [];
      const s = startProcess(clock, fires);
      await virtual.advanceTo(DUE + 31_000);
      s.stop();
      expect(fires.map(tickOf)).toEqual(dueTimes(DUE + offset, DUE + 31_000));
    },
  );

  it('restarted at every offset around a due time: each due time fires once across both processes', async () => {
    const failures: string[] = [];
    for (const start of OFFSETS)
      for (const restart of OFFSETS) {
        if (restart < start) continue;
        const virtual = new VirtualClock(DUE + start);
        const clock = new EarlyTimers(virtual);
        const fires: number[] = [];
        const first = startProcess(clock, fires);
        await virtual.advanceTo(DUE + restart);
        first.stop(); // the crash: the process and its timers are gone
        const second = startProcess(clock, fires);
        await virtual.advanceTo(DUE + 31_000);
        second.stop();
        const want = dueTimes(DUE + start, DUE + 31_000);
        if (JSON.stringify(fires.map(tickOf)) !== JSON.stringify(want))
          failures.push(`start ${start}, restart ${restart}: fired ${fires.map((f) => f - DUE)}`);
      }
    expect(failures).toEqual([]);
  });

  it('a run is never for a due time the clock has not reached: an early timer waits out the rest', async () => {
    const virtual = new VirtualClock(DUE - 500);
    const clock = new EarlyTimers(virtual);
    const seen: { dueAt: number; now: number }[] = [];
    const s = new Scheduler(clock);
    s.add({ name: 'j', cron: EVERY_15S, run: (dueAt) => seen.push({ dueAt, now: clock.now() }) });
    s.start();
    await virtual.advanceTo(DUE + 1);
    s.stop();
    expect(seen).toEqual([{ dueAt: DUE, now: DUE }]);
  });
});
