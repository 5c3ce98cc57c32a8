import { ATR } from 'trading-signals';
import { describe, expect, it } from 'vitest';
import { expectSame, N, WINDOWS, walk } from '../../../test/strategy/support/differential.ts';
import { Atr } from './Atr.ts';

/** Candles around a walk: the close is the walk, high and low spread from it by other seeds. */
function candles(n: number) {
  const c = walk(n, 0x51ed270b);
  const up = walk(n, 0x2f6b1d3a, 1);
  const down = walk(n, 0x6a09e667, 1);
  return Array.from({ length: n }, (_, i) => {
    const close = c[i] as number;
    return {
      close,
      high: close + Math.abs((up[i] as number) - 1) * 10,
      low: close - Math.abs((down[i] as number) - 1) * 10,
    };
  });
}

describe('Atr against trading-signals ATR', () => {
  const k = candles(N);
  it.each(WINDOWS)('gives the same result on %i-bar windows over 20,000 candles with replaces', (w) => {
    const ours = new Atr(w);
    const lib = new ATR(w);
    expectSame(
      N,
      {
        update: (i, r) => ours.update(k[i] as (typeof k)[number], r),
        get isStable() {
          return ours.isStable;
        },
        getResult: () => ours.getResult(),
      },
      {
        update: (i, r) => lib.update(k[i] as (typeof k)[number], r),
        get isStable() {
          return lib.isStable;
        },
        getResult: () => lib.getResult(),
      },
      `ATR(${w})`,
    );
  });

  it.each(WINDOWS)(
    "step (the per-bar path) is NaN until the %i-th candle, then the library's result",
    (w) => {
      const ours = new Atr(w);
      const lib = new ATR(w);
      for (let i = 0; i < 2_000; i++) {
        const a = ours.step(k[i] as (typeof k)[number]);
        const b = lib.add(k[i] as (typeof k)[number]);
        if (b === null) expect(a, `step #${i + 1} of ${w}`).toBeNaN();
        else expect(Math.abs(a - b), `step #${i + 1} of ${w}`).toBeLessThanOrEqual(1e-9 * Math.abs(b));
      }
    },
  );

  it.each(WINDOWS)('is null and unstable until the %i-th candle, like the library', (w) => {
    const ours = new Atr(w);
    const lib = new ATR(w);
    for (let i = 0; i < w; i++) {
      const a = ours.add(k[i] as (typeof k)[number]);
      const b = lib.add(k[i] as (typeof k)[number]);
      expect(a === null, `candle ${i + 1}`).toBe(i < w - 1);
      expect(a).toBe(b);
      expect(ours.isStable).toBe(lib.isStable);
    }
  });

  it('refuses a non-finite price, naming itself', () => {
    expect(() => new Atr(3).add({ high: 1, low: Number.NaN, close: 1 })).toThrow(/Atr: input NaN/);
  });
});
