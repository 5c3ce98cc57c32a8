/**
 * numpy's summation order, bit for bit: the expected sums are numpy 2.4's `np.sum` of the same
 * arrays. 1e16 + 1 rounds back to 1e16, so where a 1 meets the 1e16 (or another 1 first) shows in
 * the result: one sequential pass, eight running sums, or a split into halves of a multiple of 8.
 */
import { describe, expect, it } from 'vitest';
import { geometricMean } from './geometricMean.ts';
import { mean, pairwiseSum, sampleVariance } from './pairwiseSum.ts';

/** 1e16 followed by n − 1 ones. */
const bigThenOnes = (n: number) => {
  const xs = new Float64Array(n).fill(1);
  xs[0] = 1e16;
  return xs;
};

describe("pairwiseSum: numpy's order", () => {
  it('sums eight values with eight running sums, not one after another (np.sum = 0)', () => {
    expect(pairwiseSum(Float64Array.from([1e16, 1, -1e16, 1, 0, 0, 0, 0]))).toBe(0);
  });

  it('keeps one block of eight running sums up to 128 values, and splits above at a multiple of 8', () => {
    expect(pairwiseSum(bigThenOnes(128)) - 1e16).toBe(112);
    expect(pairwiseSum(bigThenOnes(256)) - 1e16).toBe(240);
    expect(pairwiseSum(bigThenOnes(260)) - 1e16).toBe(244);
  });
});

describe('mean, sample variance and geometric mean on tiny samples', () => {
  it('has no mean without values and no sample variance below two', () => {
    expect(mean([])).toBeNull();
    expect(sampleVariance([5])).toBeNull();
    expect(sampleVariance([1, 3])).toBe(2);
  });

  it('has no geometric mean once a return is −100 %', () => {
    expect(geometricMean([0.1, -1])).toBeNull();
    expect(geometricMean([])).toBeNull();
  });
});
