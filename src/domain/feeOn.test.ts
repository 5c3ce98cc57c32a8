import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { feeOn, lessFee } from './feeOn.ts';
import { Decimal, dec } from './money.ts';
import { VenueFacts } from './venueFacts.ts';

/** Same value, same sign of zero, same digits. */
const same = (a: Decimal, b: Decimal): void => {
  expect([a.s, a.e, a.d]).toEqual([b.s, b.e, b.d]);
};

const decimals = fc.oneof(
  fc.double({ min: -1e12, max: 1e12, noNaN: true }).map((x) => dec(x)),
  fc
    .constantFrom('0', '-0', '1e-30', '-7.5', '123456789.123456789123456789123456789')
    .map((s) => new Decimal(s)),
);
// A backtest's zero rate is platform − platform: +0, as decimal.js makes it.
const rates = fc.constantFrom(
  new Decimal(0),
  new Decimal(-0),
  dec(0).minus(VenueFacts.platformFeeRate.minus(VenueFacts.platformFeeRate)),
  dec('0.0009'),
  dec('-0.0003'),
);

describe('feeOn', () => {
  it('is amount × rate, digit for digit, zero rates and signed zeros included', () => {
    fc.assert(
      fc.property(rates, decimals, (rate, amount) => same(feeOn(rate, amount), amount.times(rate))),
      {
        numRuns: 5_000,
      },
    );
  });

  it('is amount × by × rate, multiplied in that order', () => {
    fc.assert(
      fc.property(rates, decimals, decimals, (rate, amount, by) =>
        same(feeOn(rate, amount, by), amount.times(by).times(rate)),
      ),
      { numRuns: 5_000 },
    );
  });

  it('is NaN for a NaN amount, as the products are', () => {
    expect(feeOn(new Decimal(0), new Decimal(Number.NaN)).isNaN()).toBe(true);
  });
});

describe('lessFee', () => {
  it('is total − fee, digit for digit, zero totals and signed zero fees included', () => {
    fc.assert(
      fc.property(decimals, fc.oneof(decimals, rates), (total, fee) =>
        same(lessFee(total, fee), total.minus(fee)),
      ),
      { numRuns: 5_000 },
    );
  });

  it('rounds a total longer than the precision, as the subtraction does', () => {
    const long = new Decimal('1.23456789012345678901234567890123456789012345');
    same(lessFee(long, new Decimal(0)), long.minus(0));
    expect(lessFee(long, new Decimal(0)).sd()).toBeLessThanOrEqual(40);
  });
});
