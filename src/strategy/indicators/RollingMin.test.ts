import { DonchianChannels } from 'trading-signals';
import { describe, expect, it } from 'vitest';
import {
  expectSame,
  expectStepLikeAdd,
  expectWarmup,
  N,
  WINDOWS,
  walk,
} from '../../../test/strategy/support/differential.ts';
import { RollingMin } from './RollingMin.ts';

/** The library's rolling extreme: the lower band of DonchianChannels fed the same value as high and low. */
describe('RollingMin against trading-signals DonchianChannels.lower', () => {
  const v = walk(N, 0x1234567);
  it.each(WINDOWS)('gives the same result on %i-bar windows over 20,000 steps with replaces', (w) => {
    const ours = new RollingMin(w);
    const lib = new DonchianChannels(w);
    expectSame(
      N,
      {
        update: (i, r) => ours.update(v[i] as number, r),
        get isStable() {
          return ours.isStable;
        },
        getResult: () => ours.getResult(),
      },
      {
        update: (i, r) => lib.update({ high: v[i] as number, low: v[i] as number }, r)?.lower ?? null,
        get isStable() {
          return lib.isStable;
        },
        getResult: () => lib.getResult()?.lower ?? null,
      },
      `RollingMin(${w})`,
    );
  });

  it('holds on a stream of long monotonic runs and plateaus (the deque empties and fills)', () => {
    const runs = Float64Array.from({ length: 12_000 }, (_, i) =>
      Math.floor(i / 400) % 2 === 0 ? i % 400 : Math.floor((400 - (i % 400)) / 7),
    );
    for (const w of [5, 64, 401]) {
      const ours = new RollingMin(w);
      const lib = new DonchianChannels(w);
      for (let i = 0; i < runs.length; i++) {
        const x = runs[i] as number;
        expect(ours.add(x), `step ${i}, window ${w}`).toBe(lib.add({ high: x, low: x })?.lower ?? null);
      }
    }
  });

  it.each(WINDOWS)('step (the per-bar path) is NaN until the %i-th value, then what add gives', (w) =>
    expectStepLikeAdd(
      () => new RollingMin(w),
      (x, i) => x.add(v[i] as number),
      (x, i) => x.step(v[i] as number),
      `RollingMin(${w})`,
    ),
  );

  it.each(WINDOWS)('is null and unstable until the %i-th value, like the library', (w) => {
    expectWarmup(w, () => new RollingMin(w), v);
    const lib = new DonchianChannels(w);
    expectWarmup(
      w,
      () => ({
        add: (x: number) => lib.add({ high: x, low: x })?.lower ?? null,
        get isStable() {
          return lib.isStable;
        },
        getResult: () => lib.getResult()?.lower ?? null,
      }),
      v,
    );
  });

  it('refuses a non-finite input, naming itself', () => {
    expect(() => new RollingMin(3).add(Number.POSITIVE_INFINITY)).toThrow(
      /RollingMin: input Infinity is not a finite number/,
    );
  });
});
