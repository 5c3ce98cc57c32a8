import { describe, expect, it } from 'vitest';
import { ceilToResolution, dataPeriodMs } from './dataPeriod.ts';

const HOUR = 3_600_000;

describe("dataPeriodMs: backtesting.py's median spacing", () => {
  it('is null below two times, the middle spacing of an odd count and the mean of the middle two of an even one', () => {
    expect(dataPeriodMs([])).toBeNull();
    expect(dataPeriodMs([5])).toBeNull();
    expect(dataPeriodMs([0, 30, 40, 100])).toBe(30); // spacings 30, 10, 60 sorted: 10, 30, 60
    expect(dataPeriodMs([0, 10, 30])).toBe(15); // spacings 10 and 20
  });

  it('looks at the last 100 times only', () => {
    const time = [
      ...Array.from({ length: 60 }, (_, i) => i * 1_000),
      ...Array.from({ length: 100 }, (_, i) => 60_000 + i * 10),
    ];
    expect(dataPeriodMs(time)).toBe(10);
  });
});

describe('ceilToResolution', () => {
  it("rounds up to the data period's finest unit and passes null or a non-finite value through", () => {
    expect(ceilToResolution(1.2 * HOUR, HOUR)).toBe(2 * HOUR);
    expect(ceilToResolution(1_500, 2_000)).toBe(2_000);
    expect(ceilToResolution(null, HOUR)).toBeNull();
    expect(ceilToResolution(1_500, null)).toBe(1_500);
    expect(ceilToResolution(Number.POSITIVE_INFINITY, HOUR)).toBe(Number.POSITIVE_INFINITY);
  });
});
