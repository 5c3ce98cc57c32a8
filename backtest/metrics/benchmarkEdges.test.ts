/**
 * Buy & hold on its own (a market's figure without a curve of its own), a market on other times
 * than the curve, and the N/A cases (StrykerJS survivors of 2026-11-26, test/MUTATIONS.md).
 */
import { describe, expect, it } from 'vitest';
import { benchmarkMetrics, buyAndHold, NO_BENCHMARK } from './benchmark.ts';

const cols = (time: number[], equity: number[]) => ({
  time: Float64Array.from(time),
  equity: Float64Array.from(equity),
});
const market = (symbol: string, time: number[], close: number[]) => ({
  symbol,
  time: Float64Array.from(time),
  close: Float64Array.from(close),
});
const curve = cols([-5, 10, 15, 25], [1, 1, 1, 1]);
const M = market('M', [0, 10, 20], [100, 200, 400]);

describe('buyAndHold', () => {
  it('holds a market on other times at its close at or before each curve time (its first close before its first bar)', () => {
    // Held: 100 (before the first bar), 200 (the bar at 10), 200, 400 (the last bar, at 20).
    expect([0, 1, 2, 3].map((first) => buyAndHold(curve, [M], first))).toEqual([3, 1, 1, 0]);
  });

  it('clamps the first trading bar into the curve', () => {
    expect(buyAndHold(curve, [M], -3)).toBe(3);
    expect(buyAndHold(curve, [M], 99)).toBe(0);
    expect(buyAndHold(cols([0, 10], [1, 1]), [M])).toBe(1);
  });

  it('is N/A without markets, below two points, with a market without bars, or from a close of 0', () => {
    expect(buyAndHold(curve, [])).toBeNull();
    expect(buyAndHold(cols([0], [1]), [M])).toBeNull();
    expect(buyAndHold(curve, [M, market('E', [], [])])).toBeNull();
    expect(buyAndHold(curve, [market('Z', [0, 10, 20], [0, 1, 2])])).toBeNull();
  });
});

describe('benchmarkMetrics edges', () => {
  it('is all N/A without markets, below two points or with a market without bars', () => {
    expect(NO_BENCHMARK).toStrictEqual({ buyAndHoldReturn: null, beta: null, alpha: null });
    expect(benchmarkMetrics(curve, [], 0.1)).toStrictEqual(NO_BENCHMARK);
    expect(benchmarkMetrics(cols([0], [1]), [M], 0.1)).toStrictEqual(NO_BENCHMARK);
    expect(benchmarkMetrics(curve, [M, market('E', [], [])], 0.1)).toStrictEqual(NO_BENCHMARK);
  });

  it('measures beta on three points (two returns) and has no alpha without a total return', () => {
    const close = [10, 12, 9];
    const m = benchmarkMetrics(cols([0, 1, 2], [20, 24, 18]), [market('M', [0, 1, 2], close)], null);
    expect(m.beta).toBeCloseTo(1, 12);
    expect(m.buyAndHoldReturn).toBeCloseTo(-0.1, 12);
    expect(m.alpha).toBeNull();
  });

  it('gives buy & hold from two points, with no beta from one return', () => {
    expect(benchmarkMetrics(cols([0, 10], [1, 1]), [M], 0)).toStrictEqual({
      buyAndHoldReturn: 1,
      beta: null,
      alpha: null,
    });
  });

  it('has no alpha without a beta (a flat market)', () => {
    const flat = market('F', [-5, 10, 15, 25], [10, 10, 10, 10]);
    expect(benchmarkMetrics(cols([-5, 10, 15, 25], [1, 2, 3, 4]), [flat], 3)).toStrictEqual({
      buyAndHoldReturn: 0,
      beta: null,
      alpha: null,
    });
  });

  it('clamps a first trading bar past the end to the last bar: buy & hold 0', () => {
    expect(benchmarkMetrics(curve, [M], 0, 99).buyAndHoldReturn).toBe(0);
  });
});
