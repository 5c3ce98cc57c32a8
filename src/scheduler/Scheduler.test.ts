import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../clock/VirtualClock.ts';
import { CronTimes } from './cronTimes.ts';
import { type JobEvent, Scheduler } from './Scheduler.ts';

const T0 = Date.UTC(2026, 0, 1, 0, 0, 0);

describe('CronTimes', () => {
  it('gives the next fire time strictly after the given time, in UTC', () => {
    const every30s = new CronTimes('*/30 * * * * *');
    expect(new Date(every30s.next(T0)).toISOString()).toBe('2026-01-01T00:00:30.000Z');
    expect(new Date(every30s.next(T0 + 30_000)).toISOString()).toBe('2026-01-01T00:01:00.000Z');
    const weekdays9 = new CronTimes('0 9 * * 1-5');
    expect(new Date(weekdays9.next(Date.UTC(2026, 0, 2, 9, 0, 0))).toISOString()).toBe(
      '2026-01-05T09:00:00.000Z',
    );
    every30s.dispose();
    weekdays9.dispose();
  });

  it('refuses an invalid expression with the expression in the message', () => {
    expect(() => new CronTimes('every minute')).toThrow('not a valid cron expression: "every minute"');
  });
});

describe('Scheduler', () => {
  it('runs cron and periodic jobs on virtual time', async () => {
    const clock = new VirtualClock(T0);
    const runs: string[] = [];
    const s = new Scheduler(clock);
    s.add({
      name: 'reconcile',
      cron: '*/30 * * * * *',
      run: () => runs.push(`reconcile@${clock.now() - T0}`),
    });
    s.add({ name: 'poll', everyMs: 20_000, run: () => runs.push(`poll@${clock.now() - T0}`) });
    s.start();
    await clock.advance(60_000);
    s.stop();
    expect(runs).toEqual(['poll@20000', 'reconcile@30000', 'poll@40000', 'reconcile@60000', 'poll@60000']);
    expect(clock.pendingTimers).toBe(0);
  });

  it('skips a run while the previous one is still going, instead of stacking them', async () => {
    const clock = new VirtualClock(T0);
    const events: JobEvent[] = [];
    const s = new Scheduler(clock, (e) => events.push(e));
    s.add({ name: 'slow', everyMs: 1_000, run: () => clock.sleep(2_500) });
    s.start();
    await clock.advance(4_000);
    s.stop();
    expect(events.map((e) => `${e.type}@${e.at - T0}`)).toEqual([
      'started@1000',
      'skipped@2000',
      'skipped@3000',
      'finished@1000',
      'started@4000',
    ]);
  });

  it('reports a failing run and keeps the job scheduled', async () => {
    const clock = new VirtualClock(T0);
    const events: JobEvent[] = [];
    const s = new Scheduler(clock, (e) => events.push(e));
    let n = 0;
    s.add({
      name: 'flaky',
      everyMs: 1_000,
      run: () => {
        n++;
        if (n === 1) throw new Error('venue down');
      },
    });
    s.start();
    await clock.advance(2_000);
    s.stop();
    expect(events.filter((e) => e.type === 'failed')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'finished')).toHaveLength(1);
  });

  it('refuses two jobs with one name', () => {
    const s = new Scheduler(new VirtualClock(T0));
    s.add({ name: 'a', everyMs: 1, run: () => {} });
    expect(() => s.add({ name: 'a', everyMs: 1, run: () => {} })).toThrow('already scheduled');
  });
});
