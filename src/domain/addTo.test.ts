import { describe, expect, it } from 'vitest';
import { addTo } from './addTo.ts';
import { Decimal, dec, ZERO } from './money.ts';

describe('addTo', () => {
  it('gives what plus gives, digit for digit, and the same sign of zero, for zero totals of either sign and amounts longer than the precision', () => {
    const long = `1.${'3'.repeat(44)}7`;
    const values = [
      ZERO,
      new Decimal('-0'),
      dec('0.5'),
      dec('-1e-30'),
      dec('123456789012345678901234567890.1234'),
      dec(long),
      dec(`-${long}`),
    ];
    for (const a of values)
      for (const b of values) {
        const [got, want] = [addTo(a, b), a.plus(b)];
        // toString hides the sign of a zero; isNegative shows it (and later products carry it).
        expect([got.toString(), got.isNegative()], `${a} + ${b}`).toEqual([
          want.toString(),
          want.isNegative(),
        ]);
      }
  });
});
