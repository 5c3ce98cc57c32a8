import { describe, expect, it } from 'vitest';
import { intervalText, parseInterval } from './parseInterval.ts';

describe('intervalText', () => {
  it('writes an interval as parseInterval reads it, in the largest unit that divides it', () => {
    for (const text of ['30s', '1m', '5m', '1h', '4h', '1d', '1w', '90s', '36h'])
      expect(intervalText(parseInterval(text))).toBe(text);
    expect(intervalText(7_200_000)).toBe('2h');
    expect(intervalText(1_500)).toBe('1.5s');
  });
});
