import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineStrategy, indicatorWarmupOf } from './defineStrategy.ts';

const params = z.strictObject({ n: z.number() });
const strategy = (indicatorWarmup?: number | ((p: { n: number }) => number)) =>
  defineStrategy({
    name: 'warm',
    params,
    warmup: 0,
    ...(indicatorWarmup === undefined ? {} : { indicatorWarmup }),
  });

describe('indicatorWarmupOf', () => {
  it('is 0 for a strategy that declares none', () => {
    expect(indicatorWarmupOf(strategy(), { n: 5 })).toBe(0);
  });

  it('is the declared number, or the declared function of the params', () => {
    expect(indicatorWarmupOf(strategy(7), { n: 5 })).toBe(7);
    expect(
      indicatorWarmupOf(
        strategy((p) => p.n - 1),
        { n: 30 },
      ),
    ).toBe(29);
  });

  it.each([-1, 2.5, Number.NaN, Number.POSITIVE_INFINITY])(
    'refuses %s, naming the strategy and what a warm-up must be',
    (bad) => {
      expect(() =>
        indicatorWarmupOf(
          strategy(() => bad),
          { n: 1 },
        ),
      ).toThrow(
        `strategy warm: indicatorWarmup is ${String(bad)}; it must be a whole number of bars, 0 or more`,
      );
    },
  );
});
