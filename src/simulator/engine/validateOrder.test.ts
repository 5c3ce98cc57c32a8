import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec } from '../../domain/money.ts';
import { decimalPlacesOf } from './validateOrder.ts';

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
