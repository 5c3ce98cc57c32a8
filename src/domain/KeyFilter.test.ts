import { describe, expect, it } from 'vitest';
import { KeyFilter, keyHash } from './KeyFilter.ts';

const ids = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => `cr_${(from + i).toString(16).padStart(24, '0')}_0`);

describe('KeyFilter', () => {
  it('never says no for a key it was given', () => {
    const f = new KeyFilter(20_000);
    const keys = ids(0, 20_000);
    for (const k of keys) f.add(keyHash(k));
    expect(keys.filter((k) => !f.mayHave(keyHash(k)))).toEqual([]);
  });

  it('says maybe for about 2 % of unseen keys when filled to its size (12 bits a key, two probes)', () => {
    const f = new KeyFilter(20_000);
    for (const k of ids(0, 20_000)) f.add(keyHash(k));
    expect(f.fits(1)).toBe(true);
    const unseen = ids(1_000_000, 100_000);
    const positives = unseen.filter((k) => f.mayHave(keyHash(k))).length;
    // 20,000 keys in 2^18 bits (the power of two above 240,000): (1 − e^(−2·20000/262144))² ≈ 2.0 %.
    expect(positives / unseen.length).toBeCloseTo(0.02, 2);
  });

  it('is empty after a reset, sized for what comes next', () => {
    const f = new KeyFilter(16);
    for (const k of ids(0, 16)) f.add(keyHash(k));
    expect(f.fits(1_000)).toBe(false);
    f.reset(2_000);
    expect(f.size).toBe(0);
    expect(f.fits(2_000)).toBe(true);
    expect(ids(0, 16).some((k) => f.mayHave(keyHash(k)))).toBe(false);
  });
});
