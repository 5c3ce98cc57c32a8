import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../clock/VirtualClock.ts';
import { describeMissed } from './describeMissed.ts';
import { MAX_COUNTED, missedRuns } from './missedRuns.ts';
import { type JobEvent, Scheduler } from './Scheduler.ts';
import { metaScheduleMemory } from './scheduleMemory.ts';

const T0 = Date.UTC(2026, 0, 1, 0, 0, 0);
const every = (ms: number) => (t: number) => (Math.floor(t / ms) + 1) * ms;

describe('missedRuns', () => {
  it('misses nothing when no due time passed since the last run (or the last run is ahead)', () => {
    expect(missedRuns(every(15_000), T0, T0 + 14_999, 15_000)).toEqual({
      missed: 0,
      late: undefined,
      skipped: 0,
      capped: false,
    });
    expect(missedRuns(every(15_000), T0 + 30_000, T0, 15_000).missed).toBe(0);
  });

  it('runs the latest missed due time late when missed by less than the grace, and skips the older ones', () => {
    expect(missedRuns(every(15_000), T0, T0 + 50_000, 15_000)).toEqual({
      missed: 3,
      late: T0 + 45_000,
      skipped: 2,
      capped: false,
    });
  });

  it('a due time missed by exactly the grace is skipped; one reached right now runs', () => {
    expect(missedRuns(every(15_000), T0, T0 + 30_000, 15_000)).toEqual({
      missed: 2,
      late: T0 + 30_000,
      skipped: 1,
      capped: false,
    });
    expect(missedRuns(every(15_000), T0, T0 + 45_000 + 15_000 - 1, 15_000).late).toBe(T0 + 45_000);
    expect(missedRuns(every(15_000), T0, T0 + 45_000 + 15_000 - 1, 14_999)).toMatchObject({
      late: undefined,
      skipped: 3,
    });
  });

  it('stops counting at MAX_COUNTED and says so, and still finds the one to run late', () => {
    const m = missedRuns(every(1_000), T0, T0 + (MAX_COUNTED + 10) * 1_000 + 500, 1_000);
    expect(m).toEqual({
      missed: MAX_COUNTED,
      late: T0 + (MAX_COUNTED + 10) * 1_000,
      skipped: MAX_COUNTED - 1,
      capped: true,
    });
  });
});

describe('Scheduler misfire', () => {
  async function restartAt(cron: string, lastDue: number | undefined, now: number, graceMs?: number) {
    const clock = new VirtualClock(now);
    const events: JobEvent[] = [];
    const runs: number[] = [];
    const s = new Scheduler(clock, (e) => events.push(e));
    s.add({
      name: 'j',
      cron,
      run: (dueAt) => runs.push(dueAt - T0),
      misfire: { lastDue, ...(graceMs === undefined ? {} : { graceMs }) },
    });
    s.start();
    await clock.advance(1);
    s.stop();
    return { runs, missed: events.filter((e) => e.type === 'missed') };
  }

  it('defaults the grace to one period capped at 60 s: an hourly job missed by 59 s runs, by 61 s does not', async () => {
    const hourly = '0 * * * *';
    expect((await restartAt(hourly, T0, T0 + 3_600_000 + 59_000)).runs).toEqual([3_600_000]);
    const late = await restartAt(hourly, T0, T0 + 3_600_000 + 61_000);
    expect(late.runs).toEqual([]);
    expect(late.missed).toEqual([
      {
        type: 'missed',
        job: 'j',
        at: T0 + 3_661_000,
        skipped: 1,
        atLeast: false,
        late: undefined,
        graceMs: 60_000,
      },
    ]);
  });

  it('a per-second job’s default grace is its period; a configured grace replaces it', async () => {
    expect((await restartAt('* * * * * *', T0, T0 + 1_500)).missed[0]).toMatchObject({
      skipped: 0,
      late: T0 + 1_000,
      graceMs: 1_000,
    });
    // A configured grace of 0 runs nothing late: both missed due times are skipped.
    expect(await restartAt('* * * * * *', T0, T0 + 2_500, 0)).toMatchObject({
      runs: [],
      missed: [{ skipped: 2, late: undefined, graceMs: 0 }],
    });
  });

  it('without a last run (never run) or without a policy, nothing missed and nothing said', async () => {
    expect(await restartAt('*/15 * * * * *', undefined, T0 + 50_000)).toEqual({ runs: [], missed: [] });
  });

  it('never runs again a due time the last run was for, when this host’s clock is behind', async () => {
    const clock = new VirtualClock(T0 + 14_000);
    const runs: number[] = [];
    const s = new Scheduler(clock);
    s.add({
      name: 'j',
      cron: '*/15 * * * * *',
      run: (d) => runs.push(d - T0),
      misfire: { lastDue: T0 + 15_000 },
    });
    s.start();
    await clock.advance(17_000);
    s.stop();
    expect(runs).toEqual([30_000]);
  });
});

describe('describeMissed', () => {
  it('names the job, the count skipped (at least, when capped), the grace and the late run', () => {
    const base = { type: 'missed', job: 'j', at: T0 + 5_000, graceMs: 15_000 } as const;
    expect(describeMissed({ ...base, skipped: 2, atLeast: false, late: T0 })).toBe(
      'job j: skipped 2 missed due time(s), missed by more than the misfire grace of 15000 ms; running the due time 2026-01-01T00:00:00.000Z late, 5000 ms after it',
    );
    expect(describeMissed({ ...base, skipped: 100_000, atLeast: true, late: undefined })).toBe(
      'job j: skipped at least 100000 missed due time(s), missed by more than the misfire grace of 15000 ms',
    );
  });
});

describe('schedule memories', () => {
  it('keep the last due time per job; a meta value that is no whole number reads as none', () => {
    const meta = new Map<string, string>();
    const m = metaScheduleMemory({ getMeta: (k) => meta.get(k), setMeta: (k, v) => void meta.set(k, v) });
    expect(m.lastDue('a')).toBeUndefined();
    m.ran('a', T0);
    expect(m.lastDue('a')).toBe(T0);
    expect(meta.get('schedule.lastDue.a')).toBe(String(T0));
    meta.set('schedule.lastDue.b', 'garbage');
    meta.set('schedule.lastDue.c', '1.5');
    expect([m.lastDue('b'), m.lastDue('c')]).toEqual([undefined, undefined]);
  });
});
