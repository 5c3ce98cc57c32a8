import { describe, expect, it } from 'vitest';
import { shouldPrune } from './medianPruner.ts';

const earlier = [{ 0: 1, 1: 0.5 }, { 0: 2, 1: 1 }, { 0: 3, 1: 2 }, { 0: 4 }, { 0: 5 }];

describe('shouldPrune', () => {
  it('prunes a trial worse than the median of earlier trials at the same step, and keeps one at or better', () => {
    expect(shouldPrune(0, 3.5, earlier)).toBe(true);
    expect(shouldPrune(0, 3, earlier)).toBe(false);
    expect(shouldPrune(1, 1.5, earlier)).toBe(true);
    expect(shouldPrune(1, 1, earlier)).toBe(false);
  });

  it('prunes nothing before n startup trials have finished or during warm-up steps', () => {
    expect(shouldPrune(0, 100, earlier.slice(0, 4))).toBe(false);
    expect(shouldPrune(0, 100, earlier, { nWarmupSteps: 1 })).toBe(false);
  });
});
