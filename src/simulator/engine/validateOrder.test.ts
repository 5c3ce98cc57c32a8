import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec } from '../../domain/money.ts';
import { defaultMarkets } from '../markets.ts';
import { SimRejection } from './SimRejection.ts';
import { checkNotional, decimalPlacesOf } from './validateOrder.ts';

describe('decimalPlacesOf', () => {
  it('counts places of plain and exponent forms: 0.002 → 3, 1.5e-7 → 8, 1e21 → 0, 12 → 0', () => {
    expect(decimalPlacesOf(0.002)).toBe(3);
    expect(decimalPlacesOf(1.5e-7)).toBe(8);
    expect(decimalPlacesOf(1e21)).toBe(0);
    expect(decimalPlacesOf(1.25e21)).toBe(0);
    expect(decimalPlacesOf(12)).toBe(0);
  });

  it('agrees with Decimal.decimalPlaces for any positive finite number', () => {
    fc.assert(
      fc.property(fc.double({ min: Number.MIN_VALUE, max: 1e300, noNaN: true }), (x) => {
        expect(decimalPlacesOf(x)).toBe(dec(x).decimalPlaces());
      }),
      { numRuns: 5_000 },
    );
  });
});

describe('checkNotional', () => {
  const btc = defaultMarkets()[0]?.spec;
  if (!btc) throw new Error('the catalog is empty');
  const refuses = (q: number, price: number, asNumber = false): boolean => {
    try {
      checkNotional(btc, dec(q), asNumber ? price : dec(price), q * price);
      return false;
    } catch (e) {
      if (e instanceof SimRejection && e.code === 'NOTIONAL_OUT_OF_RANGE') return true;
      throw e;
    }
  };

  it('refuses below the minimum and above the maximum, naming the notional and the bounds', () => {
    expect(() => checkNotional(btc, dec(0.001), dec(95_000), 95)).toThrow(
      /notional 95 of BTCUSDT is outside \[100, 5000000\]/,
    );
    expect(refuses(100, 95_000)).toBe(true);
    expect(refuses(0.01, 95_000)).toBe(false);
  });

  it('decides exactly as the Decimal product does, on and around both bounds, the price a Decimal or a number', () => {
    const exact = (q: number, price: number): boolean => {
      const n = dec(q).times(dec(price));
      return n.lessThan(btc.minNotional) || n.greaterThan(btc.maxNotional);
    };
    fc.assert(
      fc.property(
        fc.constantFrom(btc.minNotional.toNumber(), btc.maxNotional.toNumber()),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: -3, max: 3 }),
        fc.integer({ min: 1, max: 10_000 }),
        (bound, qDecimals, step, scale) => {
          // A quantity on the market's grid and the price that puts the product at the bound.
          const q = scale / 10 ** qDecimals;
          const price = Number(((bound / q) * (1 + step * 1e-12)).toPrecision(15));
          if (!(price > 0)) return;
          expect(refuses(q, price), `${q} × ${price}`).toBe(exact(q, price));
          // A submit at the mark gives the price as a number.
          expect(refuses(q, price, true), `${q} × ${price} (number)`).toBe(exact(q, price));
        },
      ),
      { numRuns: 3_000 },
    );
  });
});
