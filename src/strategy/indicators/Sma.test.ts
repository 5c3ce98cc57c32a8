import { SMA } from 'trading-signals';
import { describe, expect, it } from 'vitest';
import { expectSame, expectWarmup, N, WINDOWS, walk } from '../../../test/strategy/support/differential.ts';
import { Sma } from './Sma.ts';

describe('Sma against trading-signals SMA', () => {
  const v = walk(N);
  it.each(WINDOWS)('gives the same result on %i-bar windows over 20,000 steps with replaces', (w) => {
    const ours = new Sma(w);
    const lib = new SMA(w);
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
        update: (i, r) => lib.update(v[i] as number, r),
        get isStable() {
          return lib.isStable;
        },
        getResult: () => lib.getResult(),
      },
      `SMA(${w})`,
    );
  });

  it.each(WINDOWS)('is null and unstable until the %i-th value, like the library', (w) => {
    expectWarmup(w, () => new Sma(w), v);
    expectWarmup(w, () => new SMA(w), v);
  });

  it.each(WINDOWS)("step (the per-bar path) is NaN until the %i-th value, then the library's result", (w) => {
    const ours = new Sma(w);
    const lib = new SMA(w);
    for (let i = 0; i < 2_000; i++) {
      const a = ours.step(v[i] as number);
      const b = lib.add(v[i] as number);
      if (b === null) expect(a, `step #${i + 1} of ${w}`).toBeNaN();
      else expect(Math.abs(a - b), `step #${i + 1} of ${w}`).toBeLessThanOrEqual(1e-9 * Math.abs(b));
    }
  });

  it('stays within 1e-9 of a freshly summed window after 10⁶ values that fell by a factor of 10⁶', () => {
    const sma = new Sma(7);
    let last = 0;
    for (let i = 0; i < 1_000_003; i++) {
      last = 1e6 * 10 ** (-6 * (i / 1_000_003)) + (i % 3);
      sma.add(last);
    }
    const lib = new SMA(7);
    for (let i = 1_000_003 - 7; i < 1_000_003; i++) lib.add(1e6 * 10 ** (-6 * (i / 1_000_003)) + (i % 3));
    const a = sma.getResultOrThrow();
    const b = lib.getResultOrThrow();
    expect(Math.abs(a - b)).toBeLessThanOrEqual(1e-9 * b);
  });

  it('refuses a non-finite input and a window that is not a positive integer, naming itself', () => {
    expect(() => new Sma(3).add(Number.NaN)).toThrow(/Sma: input NaN is not a finite number/);
    expect(() => new Sma(0)).toThrow(/Sma: the interval must be a positive integer/);
    expect(() => new Sma(2.5)).toThrow(RangeError);
  });
});
