import { describe, expect, it } from 'vitest';
import { isoTimes } from './isoTimes.ts';

describe('isoTimes', () => {
  it('formats every time exactly as Date.toISOString, across days, years, epochs and extended years', () => {
    const iso = isoTimes();
    const times: number[] = [];
    for (let t = Date.UTC(2023, 11, 31, 22); t < Date.UTC(2024, 0, 1, 2); t += 59_999) times.push(t);
    times.push(
      Date.UTC(2024, 1, 29, 23, 59, 59, 999),
      Date.UTC(2024, 2, 1),
      -1,
      0,
      -86_400_001,
      -62_198_755_200_001,
    );
    times.push(Date.UTC(10_000, 0, 1, 0, 0, 0, 7), Date.UTC(10_000, 0, 1, 13, 5, 9, 70), 1_700_000_000_000.5);
    for (let seed = 7, i = 0; i < 2_000; i++) {
      seed = (seed * 1_103_515_245 + 12_345) >>> 0;
      times.push(Math.floor((seed / 2 ** 32 - 0.3) * 8e12));
    }
    expect(times.map(iso)).toEqual(times.map((t) => new Date(t).toISOString()));
  });

  it('throws the RangeError of toISOString for a time that is not a date', () => {
    const iso = isoTimes();
    expect(() => iso(Number.NaN)).toThrow(RangeError);
    expect(() => iso(9e15)).toThrow(RangeError);
  });
});
