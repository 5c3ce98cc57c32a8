import { afterEach, describe, expect, it } from 'vitest';
import { CronTimes } from './cronTimes.ts';

const saved = process.env.TZ;
afterEach(() => {
  if (saved === undefined) delete process.env.TZ;
  else process.env.TZ = saved;
});

describe('CronTimes on a host in another time zone', () => {
  it('reads the expression in UTC, not in the host’s zone', () => {
    process.env.TZ = 'America/New_York';
    const daily = new CronTimes('0 0 * * *');
    expect(new Date(daily.next(Date.UTC(2026, 0, 1, 12))).toISOString()).toBe('2026-01-02T00:00:00.000Z');
    daily.dispose();
  });
});
