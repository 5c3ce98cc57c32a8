import { describe, expect, it } from 'vitest';
import { benchmarkMetrics } from './benchmark.ts';

const DAY = 86_400_000;
const time = Float64Array.from({ length: 4 }, (_, i) => i * DAY);
const market = (close: number[]) => ({ symbol: 'M', time, close: Float64Array.from(close) });

describe('benchmarkMetrics: buy & hold, beta and alpha as backtesting.py', () => {
  it('buy & hold runs from the close of the first trading bar to the last close', () => {
    const curve = { time, equity: Float64Array.from([100, 100, 100, 100]) };
    expect(benchmarkMetrics(curve, [market([10, 20, 25, 30])], 0).buyAndHoldReturn).toBeCloseTo(2, 12);
    expect(benchmarkMetrics(curve, [market([10, 20, 25, 30])], 0, 1).buyAndHoldReturn).toBeCloseTo(0.5, 12);
  });
  it('a curve that is the market times two has beta 1 (log returns) and alpha = its return − buy & hold', () => {
    const close = [10, 12, 9, 15];
    const curve = { time, equity: Float64Array.from(close, (c) => 2 * c) };
    const m = benchmarkMetrics(curve, [market(close)], 0.5);
    expect(m.beta).toBeCloseTo(1, 12);
    expect(m.alpha).toBeCloseTo(0.5 - 0.5, 12);
  });
  it('a flat curve has beta 0; a flat market has no beta (its variance is 0)', () => {
    const flat = { time, equity: Float64Array.from([100, 100, 100, 100]) };
    expect(benchmarkMetrics(flat, [market([10, 12, 9, 15])], 0).beta).toBe(0);
    expect(benchmarkMetrics(flat, [market([10, 10, 10, 10])], 0).beta).toBeNull();
  });
  it('several markets are held as an equal-weight basket', () => {
    const curve = { time, equity: Float64Array.from([100, 100, 100, 100]) };
    const a = market([10, 10, 10, 20]);
    const b = { ...market([50, 50, 50, 50]), symbol: 'B' };
    expect(benchmarkMetrics(curve, [a, b], 0).buyAndHoldReturn).toBeCloseTo(0.5, 12);
  });
});
