import { BollingerBands, getStandardDeviation } from 'trading-signals';
import { describe, expect, it } from 'vitest';
import { expectSame, expectWarmup, N, WINDOWS, walk } from '../../../test/strategy/support/differential.ts';
import { RollingStdDev } from './RollingStdDev.ts';

describe('RollingStdDev against trading-signals BollingerBands', () => {
  const v = walk(N, 0x7f4a7c15);
  it.each(WINDOWS)(
    'gives the same deviation and middle on %i-bar windows over 20,000 steps with replaces',
    (w) => {
      const ours = new RollingStdDev(w);
      // Multiplier 1: the upper band is middle + deviation.
      const lib = new BollingerBands(w, 1);
      const libDeviation = (r: { upper: number; middle: number } | null) =>
        r === null ? null : r.upper - r.middle;
      expectSame(
        N,
        {
          update: (i, r) => {
            const d = ours.update(v[i] as number, r);
            const mid = ours.average;
            // The band as the library forms it, so both sides round the same way.
            return d === null || mid === null ? null : mid + d - mid;
          },
          get isStable() {
            return ours.isStable;
          },
          getResult: () => ours.getResult(),
        },
        {
          update: (i, r) => libDeviation(lib.update(v[i] as number, r)),
          get isStable() {
            return lib.isStable;
          },
          getResult: () => libDeviation(lib.getResult()),
        },
        `RollingStdDev(${w})`,
      );
    },
  );

  it.each([2, 20, 200])(
    'equals getStandardDeviation of the window, to 1e-9, at every step of a %i-bar window',
    (w) => {
      const sd = new RollingStdDev(w);
      for (let i = 0; i < N; i++) {
        const got = sd.add(v[i] as number);
        if (i < w - 1) continue;
        const want = getStandardDeviation(Array.from(v.subarray(i - w + 1, i + 1)));
        if (Math.abs((got as number) - want) > 1e-9 * want) expect(got, `step ${i}`).toBe(want);
      }
    },
  );

  it('leaves no rounding of a spike behind once the spike left the window', () => {
    const w = 50;
    const sd = new RollingStdDev(w);
    const lib = new BollingerBands(w, 1);
    for (let i = 0; i < 400; i++) {
      // A 10⁶ spike every 120 values in a series that otherwise moves by 10⁻³.
      const x = i % 120 === 7 ? 1e6 * Math.PI : 100 + Math.sin(i) * 1e-3;
      const got = sd.add(x);
      const r = lib.add(x);
      if (r === null) continue;
      const want = r.upper - r.middle;
      if (Math.abs((got as number) - want) > 1e-9 * want) expect(got, `step ${i}`).toBe(want);
    }
  });

  it.each(WINDOWS)('is null and unstable until the %i-th value, like the library', (w) => {
    expectWarmup(w, () => new RollingStdDev(w), v);
    expectWarmup(w, () => new BollingerBands(w), v);
  });

  it('refuses a non-finite input, naming itself', () => {
    expect(() => new RollingStdDev(3).add(Number.NaN)).toThrow(/RollingStdDev: input NaN/);
  });
});
