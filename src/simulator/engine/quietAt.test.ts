import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VenueFacts } from '../../domain/venueFacts.ts';
import { engine, openOn } from './testEngine.ts';

const SYMBOL = 'BTCUSDT';

/** `x` moved by `k` units in the last place, up (k > 0) or down. */
function ulps(x: number, k: number): number {
  return x + k * Math.abs(x) * Number.EPSILON;
}

/** An engine whose one cross account (10,000 + `cash`) holds the given BTCUSDT positions, filled at the mark. */
function book(cash: number, legs: readonly { long: boolean; quantity: number; leverage: number }[]) {
  const { clock, e, sub } = engine();
  if (cash > 0) e.accounts.faucet(sub.address, VenueFacts.defaultChainId, cash);
  for (const l of legs)
    try {
      openOn(e, sub, { positionType: l.long ? 'LONG' : 'SHORT', quantity: l.quantity, leverage: l.leverage });
    } catch (err) {
      // A leg the margin does not allow is the venue's refusal: the book is the others.
      if (!(err instanceof Error) || err.name !== 'SimRejection') throw err;
    }
  clock.advanceSync(100);
  return e;
}

const leg = fc.record({
  long: fc.boolean(),
  quantity: fc.constantFrom(0.01, 0.05, 0.2, 0.5),
  leverage: fc.integer({ min: 1, max: 50 }),
});

describe("the venue's quiet band for one cross account", () => {
  it('holds only prices at which a mark liquidates nothing, to the last place at its edge, for long, short and hedged books', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50_000 }),
        fc.array(leg, { minLength: 1, maxLength: 3 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (cash, legs, at) => {
          const e = book(cash, legs);
          const { lo, hi } = e.quietBand(SYMBOL);
          if (!(lo < hi)) return; // no band: every price is asked
          const inside = [ulps(lo, 1), ulps(lo, 4), ulps(hi, -1), ulps(hi, -4)].filter(
            (p) => p > lo && p < hi && Number.isFinite(p) && p > 0,
          );
          if (Number.isFinite(lo) && Number.isFinite(hi)) inside.push(lo + (hi - lo) * at);
          for (const p of inside) expect(e.quietAt(SYMBOL, p)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('reaches within a millionth of the liquidation price the venue itself finds, for a long and a short', () => {
    for (const long of [true, false]) {
      // 0.2 BTC at 10× on 10,000 cash: the level is reachable on both sides.
      const e = book(0, [{ long, quantity: 0.2, leverage: 10 }]);
      const { lo, hi } = e.quietBand(SYMBOL);
      const edge = long ? lo : hi;
      expect(long ? hi : lo).toBe(long ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY);
      // The venue's own boundary, by bisection on quietAt: afloat on one side, liquidated on the other.
      let [under, afloat] = long ? [1, edge] : [edge * 10, edge];
      for (let k = 0; k < 200; k++) {
        const mid = (under + afloat) / 2;
        if (e.quietAt(SYMBOL, mid)) afloat = mid;
        else under = mid;
      }
      expect(Math.abs(edge - afloat) / afloat).toBeLessThan(1e-6);
      expect(e.quietAt(SYMBOL, edge)).toBe(true);
    }
  });
});
