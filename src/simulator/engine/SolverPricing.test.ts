import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec } from '../../domain/money.ts';
import { defaultMarkets } from '../markets.ts';
import { SolverPricing } from './SolverPricing.ts';

const btc = defaultMarkets().find((m) => m.spec.symbol === 'BTCUSDT');
if (!btc) throw new Error('the catalog lost BTCUSDT');

function pricing(initial: number) {
  let mark = initial;
  return { p: new SolverPricing(() => mark), move: (to: number) => (mark = to) };
}

describe('SolverPricing', () => {
  it('quotes the mark plus the half-spread against the taker, rounded against the taker', () => {
    const { p } = pricing(95_000.123456);
    const buy = p.solverPrice(btc, true);
    const sell = p.solverPrice(btc, false);
    expect(buy.greaterThan(95_000.123456)).toBe(true);
    expect(sell.lessThan(95_000.123456)).toBe(true);
    expect(buy.decimalPlaces()).toBeLessThanOrEqual(btc.spec.pricePrecision);
    expect(sell.decimalPlaces()).toBeLessThanOrEqual(btc.spec.pricePrecision);
  });

  it('re-quotes both sides, in Decimal and float, as soon as the mark moves', () => {
    const { p, move } = pricing(95_000);
    const buy = p.solverPrice(btc, true);
    const sell = p.solverPrice(btc, false);
    move(96_000);
    expect(p.solverPrice(btc, true).greaterThan(buy)).toBe(true);
    expect(p.solverPrice(btc, false).greaterThan(sell)).toBe(true);
    move(94_000);
    expect(p.solverPriceN(btc, false)).toBeCloseTo(p.solverPrice(btc, false).toNumber(), 6);
    expect(p.solverPriceN(btc, true)).toBeCloseTo(p.solverPrice(btc, true).toNumber(), 6);
    expect(p.solverPrice(btc, true).lessThan(buy)).toBe(true);
  });

  it('fills within slippage of the reference mark and refuses (4104 reason) beyond it', () => {
    const { p, move } = pricing(95_000);
    const ok = p.fillPrice(btc, true, null, 95_000, dec('0.01'));
    expect('price' in ok).toBe(true);
    move(97_000); // +2.1 % since the order was accepted at 95,000
    const refused = p.fillPrice(btc, true, null, 95_000, dec('0.01'));
    expect(refused).toEqual({ refusal: expect.stringMatching(/^market moved beyond slippage/) });
  });

  it('fills a LIMIT at its own price whatever the mark', () => {
    const { p } = pricing(95_000);
    expect(p.fillPrice(btc, true, dec('90000'), 95_000, dec('0.01'))).toEqual({ price: dec('90000') });
  });

  it('decides the slippage bound exactly as Decimal arithmetic does, near ties included', () => {
    const slippages = ['0.05', '0.01', '0.003', '0.1234567', '0'];
    const outcomes = new Set<boolean>();
    fc.assert(
      fc.property(
        fc.double({ min: 0.0001, max: 200_000, noNaN: true }),
        fc.boolean(),
        fc.constantFrom(...slippages),
        fc.oneof(
          fc.integer({ min: -1000, max: 1000 }).map((ulps) => ulps * 2 ** -52),
          fc.double({ min: -0.2, max: 0.2, noNaN: true }),
        ),
        (mark, buying, slip, nudge) => {
          const { p } = pricing(mark);
          const price = p.solverPrice(btc, buying);
          const s = dec(slip);
          const factor = buying ? dec(1).plus(s) : dec(1).minus(s);
          // A reference whose bound lands within a few float steps of the fill price.
          const tie = price.toNumber() / factor.toNumber();
          const ref = tie * (1 + nudge);
          if (!(ref > 0)) return;
          const bound = dec(ref).times(factor);
          const refuse = buying ? price.greaterThan(bound) : price.lessThan(bound);
          const got = p.fillPrice(btc, buying, null, ref, s);
          expect('refusal' in got, `mark ${mark} ref ${ref} slip ${slip}`).toBe(refuse);
          outcomes.add(refuse);
        },
      ),
      { numRuns: 3000 },
    );
    expect(outcomes).toEqual(new Set([true, false]));
  });
});
