import { describe, expect, it } from 'vitest';
import { ISO_TIME_BYTES, isoTimes } from './isoTimes.ts';

/** Each time as the writer writes it, one after another into one buffer (its day cache kept). */
function written(times: readonly number[]): string[] {
  const write = isoTimes();
  const buf = Buffer.alloc(1 + ISO_TIME_BYTES + 1);
  return times.map((t) => {
    buf.fill(0x23);
    const end = write(buf, 1, t);
    expect([buf[0], buf[end], end - 1 <= ISO_TIME_BYTES]).toEqual([0x23, 0x23, true]);
    return buf.toString('latin1', 1, end);
  });
}

describe('isoTimes', () => {
  it('formats every time exactly as Date.toISOString, across days, years, epochs and extended years', () => {
    const times: number[] = [];
    for (let t = Date.UTC(2023, 11, 31, 22); t < Date.UTC(2024, 0, 1, 2); t += 59_999) times.push(t);
    times.push(
      Date.UTC(2024, 1, 29, 23, 59, 59, 999),
      Date.UTC(2024, 2, 1),
      -1,
      0,
      -86_400_001,
      -62_198_755_200_001,
      8.64e15,
      -8.64e15,
      -8.64e15 + 86_399_999,
    );
    times.push(Date.UTC(10_000, 0, 1, 0, 0, 0, 7), Date.UTC(10_000, 0, 1, 13, 5, 9, 70), 1_700_000_000_000.5);
    // Fractional times inside a day already seen: toISOString drops the fraction toward 0 (−1.5 is −1).
    times.push(
      Date.UTC(2024, 0, 1, 10),
      Date.UTC(2024, 0, 1, 10) + 0.75,
      Date.UTC(2024, 0, 1, 10, 0, 0, 1),
      -2,
      -1.5,
    );
    for (let seed = 7, i = 0; i < 2_000; i++) {
      seed = (seed * 1_103_515_245 + 12_345) >>> 0;
      times.push(Math.floor((seed / 2 ** 32 - 0.3) * 8e12));
    }
    expect(written(times)).toEqual(times.map((t) => new Date(t).toISOString()));
  });

  it('throws the RangeError of toISOString for a time that is not a date', () => {
    const write = isoTimes();
    const buf = Buffer.alloc(ISO_TIME_BYTES);
    expect(() => write(buf, 0, Number.NaN)).toThrow(RangeError);
    expect(() => write(buf, 0, 9e15)).toThrow(RangeError);
    expect(write(buf, 0, 8.64e15)).toBe(ISO_TIME_BYTES);
    expect(() => write(buf, 0, 8.64e15 + 1)).toThrow(RangeError);
  });
});
