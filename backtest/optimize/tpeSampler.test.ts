import { describe, expect, it } from 'vitest';
import type { SearchSpace } from '../../src/config/searchSpace.ts';
import { randomSampler } from './randomSampler.ts';
import { seededRng } from './rng.ts';
import type { Sampler, TrialView } from './Sampler.ts';
import { defaultWeights, gamma, tpeSampler } from './tpeSampler.ts';

const space: SearchSpace = {
  params: [
    { name: 'x', domain: { kind: 'float', low: -10, high: 10, log: false } },
    { name: 'y', domain: { kind: 'float', low: -10, high: 10, log: false } },
    { name: 'n', domain: { kind: 'int', low: 1, high: 100, log: true, step: 1 } },
    { name: 'c', domain: { kind: 'categorical', choices: ['a', 'b', 'c'] } },
  ],
  constraints: [],
};
const quadratic = (p: Record<string, unknown>) =>
  (Number(p.x) - 3) ** 2 +
  (Number(p.y) + 2) ** 2 +
  (Math.log(Number(p.n)) - Math.log(20)) ** 2 +
  (p.c === 'b' ? 0 : 5);

function minimise(sampler: Sampler, trials: number, seed: number): { best: number; points: unknown[] } {
  const done: TrialView[] = [];
  for (let i = 0; i < trials; i++) {
    const point = sampler.sample(space, done, seededRng(seed, i));
    done.push({ number: i, state: 'complete', point, loss: quadratic(point) });
  }
  return {
    best: Math.min(...done.map((t) => t.loss ?? Number.POSITIVE_INFINITY)),
    points: done.map((t) => t.point),
  };
}

describe('tpeSampler', () => {
  it('proposes the same points for the same seed, and other points for another seed', () => {
    expect(minimise(tpeSampler(), 30, 7).points).toEqual(minimise(tpeSampler(), 30, 7).points);
    expect(minimise(tpeSampler(), 30, 8).points).not.toEqual(minimise(tpeSampler(), 30, 7).points);
  });

  it('finds a lower minimum of a quadratic than random search in 60 trials (median of 5 fixed seeds, under half)', () => {
    const seeds = [1, 2, 3, 4, 5];
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[2] ?? Number.NaN;
    const tpe = median(seeds.map((s) => minimise(tpeSampler(), 60, s).best));
    const random = median(seeds.map((s) => minimise(randomSampler, 60, s).best));
    expect(tpe).toBeLessThan(random / 2);
  });

  it('keeps ints on their grid and inside the bounds', () => {
    for (const p of minimise(tpeSampler(), 40, 3).points as Record<string, number>[]) {
      expect(Number.isInteger(p.n)).toBe(true);
      expect(p.n).toBeGreaterThanOrEqual(1);
      expect(p.n).toBeLessThanOrEqual(100);
    }
  });

  it("splits and weighs trials as Optuna's defaults do", () => {
    expect([gamma(10), gamma(11), gamma(300)]).toEqual([1, 2, 25]);
    expect(defaultWeights(3)).toEqual([1, 1, 1]);
    const w = defaultWeights(30);
    expect(w).toHaveLength(30);
    expect(w[0]).toBeCloseTo(1 / 30);
    expect(w[4]).toBeCloseTo(1);
    expect(w.slice(5)).toEqual(new Array(25).fill(1));
  });
});
