import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec } from '../../domain/money.ts';
import { approxNumber } from './approxNumber.ts';

const close = (a: number, b: number): boolean => Math.abs(a - b) <= 1e-15 * Math.abs(b);

describe('approxNumber', () => {
  it('reads zero, signs, integers and fractions: 0, -0.5, 123.456, 1e-9, 95123.45', () => {
    expect(approxNumber(dec(0))).toBe(0);
    expect(approxNumber(dec('-0.5'))).toBe(-0.5);
    expect(approxNumber(dec('123.456'))).toBe(123.456);
    expect(approxNumber(dec('1e-9'))).toBe(1e-9);
    expect(approxNumber(dec('95123.45'))).toBe(95123.45);
  });

  it('is within 1e-15 relative of toNumber for any double up to 1e280', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e280, max: 1e280, noNaN: true }), (x) => {
        const d = dec(x);
        expect(close(approxNumber(d), d.toNumber())).toBe(true);
      }),
      { numRuns: 5_000 },
    );
  });

  it('is within 1e-15 relative of toNumber for long results of Decimal arithmetic', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e-6, max: 1e9, noNaN: true }),
        fc.double({ min: 1e-6, max: 1e6, noNaN: true }),
        (a, b) => {
          const d = dec(a).times(dec(b)).div(7).minus(dec(a));
          expect(close(approxNumber(d), d.toNumber())).toBe(true);
        },
      ),
      { numRuns: 5_000 },
    );
  });
});
