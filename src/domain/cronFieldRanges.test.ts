import { describe, expect, it } from 'vitest';
import { cronRangeProblem } from './cronFieldRanges.ts';

describe('cronRangeProblem', () => {
  it('refuses a seconds step of 75, which node-cron accepts and fires once a minute', () => {
    expect(cronRangeProblem('*/75 * * * * *')).toBe(
      "the seconds field: step 75 is not below the field's 60 values (0–59): it would fire once a minute, not every 75",
    );
  });

  it('refuses a number outside its field: minute 60, hour 24, month 13', () => {
    expect(cronRangeProblem('60 * * * *')).toBe('the minutes field: 60 is outside 0–59');
    expect(cronRangeProblem('0 24 * * *')).toBe('the hours field: 24 is outside 0–23');
    expect(cronRangeProblem('0 0 1 13 *')).toBe('the month field: 13 is outside 1–12');
  });

  it('accepts steps, ranges, lists and names within range, with or without seconds', () => {
    for (const ok of [
      '*/15 * * * * *',
      '*/59 * * * * *',
      '0 0 * * *',
      '0-30/5 9-17 * * 1-5',
      '0 0 1,15 jan,jul sun',
    ])
      expect(cronRangeProblem(ok)).toBeUndefined();
  });
});
