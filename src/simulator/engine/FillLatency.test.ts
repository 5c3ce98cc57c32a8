import { describe, expect, it } from 'vitest';
import { createRng } from '../rng.ts';
import { describeLatency, sampleLatency } from './FillLatency.ts';

const quantile = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] as number;
};

describe('sampleLatency', () => {
  it('draws whole milliseconds uniformly within [min, max], both ends reached', () => {
    const rng = createRng(7);
    const xs = Array.from({ length: 20_000 }, () => sampleLatency({ min: 200, max: 210 }, rng));
    expect(xs.every((x) => Number.isInteger(x) && x >= 200 && x <= 210)).toBe(true);
    expect(new Set(xs).size).toBe(11);
  });

  it('draws a log-normal tail with the configured median and 99th percentile, cut at 10 × p99', () => {
    const rng = createRng(11);
    const l = { median: 800, p99: 4_000 };
    const xs = Array.from({ length: 50_000 }, () => sampleLatency(l, rng));
    expect(xs.every((x) => Number.isInteger(x) && x >= 0 && x <= 40_000)).toBe(true);
    expect(quantile(xs, 0.5)).toBeGreaterThan(800 * 0.97);
    expect(quantile(xs, 0.5)).toBeLessThan(800 * 1.03);
    expect(quantile(xs, 0.99)).toBeGreaterThan(4_000 * 0.93);
    expect(quantile(xs, 0.99)).toBeLessThan(4_000 * 1.07);
    expect(quantile(xs, 0.05)).toBeLessThan(400);
  });

  it('is a constant when the median is the p99, and replays the same draws for the same seed', () => {
    expect(sampleLatency({ median: 500, p99: 500 }, createRng(1))).toBe(500);
    const draw = (seed: number) => {
      const rng = createRng(seed);
      return Array.from({ length: 5 }, () => sampleLatency({ median: 300, p99: 2_000 }, rng));
    };
    expect(draw(3)).toEqual(draw(3));
  });

  it('describes itself for logs and help', () => {
    expect(describeLatency({ min: 1, max: 2 })).toBe('uniform 1–2 ms');
    expect(describeLatency({ median: 3, p99: 9 })).toBe('log-normal, median 3 ms, p99 9 ms');
  });
});
