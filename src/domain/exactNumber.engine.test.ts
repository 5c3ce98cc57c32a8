import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exactNumber } from './exactNumber.ts';
import { Decimal, dec } from './money.ts';

/** The same double, -0 told from 0. */
const same = (d: Decimal): void => {
  expect(Object.is(exactNumber(d), d.toNumber())).toBe(true);
};

describe('exactNumber', () => {
  it('gives toNumber for zeros of both signs, integers, fractions and the fast path edges', () => {
    for (const s of [
      '0',
      '-0',
      '1',
      '-0.5',
      '95123.45',
      '1e22',
      '1e-22',
      '123456789012345',
      '-1.23456789012345e-7',
    ])
      same(new Decimal(s));
    // Just past the fast path: 16 digits, 10^23, 10^-23.
    for (const s of ['1234567890123456', '3e23', '1e-23', '1.5e-23', '9007199254740993', '0.1e-300', '1e300'])
      same(new Decimal(s));
    same(new Decimal(Number.NaN));
    same(new Decimal(Number.POSITIVE_INFINITY));
  });

  it('gives toNumber for any double read as dec reads it', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => same(dec(x))),
      { numRuns: 10_000 },
    );
  });

  it('gives toNumber for up to 15 digits at any power of ten within ±30', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 15n) + 1n, max: 10n ** 15n - 1n }),
        fc.integer({ min: -30, max: 30 }),
        (c, p) => same(new Decimal(`${c}e${p}`)),
      ),
      { numRuns: 20_000 },
    );
  });

  it('gives toNumber for results of the engine’s arithmetic (PnL sums)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        (a, b, q) =>
          same(
            dec(a / 10_000)
              .minus(dec(b / 10_000))
              .times(dec(q / 1000)),
          ),
      ),
      { numRuns: 10_000 },
    );
  });
});
