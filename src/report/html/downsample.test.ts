import { describe, expect, it } from 'vitest';
import { downsampleBars, downsamplePoints, drawdownOf } from './downsample.ts';

const bar = (time: number, open: number, high: number, low: number, close: number) => ({
  time,
  open,
  high,
  low,
  close,
});

describe('downsampleBars', () => {
  it('merges runs of candles into one with the first open, extreme high and low, and last close', () => {
    const bars = [bar(0, 10, 12, 9, 11), bar(1, 11, 15, 10, 14), bar(2, 14, 14, 7, 8), bar(3, 8, 9, 6, 7)];
    expect(downsampleBars(bars, 2)).toEqual([bar(0, 10, 15, 9, 14), bar(2, 14, 14, 6, 7)]);
  });

  it('leaves a series already short enough untouched', () => {
    const bars = [bar(0, 1, 2, 0.5, 1.5)];
    expect(downsampleBars(bars, 10)).toEqual(bars);
  });
});

describe('downsamplePoints', () => {
  it('keeps the lowest and highest point of each bucket in time order, and the last point', () => {
    const pts = [5, 9, 1, 4, 6, 2, 8, 3].map((value, time) => ({ time, value }));
    expect(downsamplePoints(pts, 4)).toEqual([
      { time: 1, value: 9 },
      { time: 2, value: 1 },
      { time: 5, value: 2 },
      { time: 6, value: 8 },
      { time: 7, value: 3 },
    ]);
  });
});

describe('drawdownOf', () => {
  it('is the fall from the running peak as a negative fraction', () => {
    const eq = [100, 120, 90, 130].map((value, time) => ({ time, value }));
    expect(drawdownOf(eq).map((p) => p.value)).toEqual([0, 0, 90 / 120 - 1, 0]);
  });
});
