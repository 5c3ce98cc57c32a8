import { describe, expect, it } from 'vitest';
import { isAtMostZero } from './isAtMostZero.ts';
import { Decimal } from './money.ts';

describe('isAtMostZero', () => {
  it('answers as lessThanOrEqualTo(0) for zeros, signs, infinities, NaN and tiny values', () => {
    const values = ['0', '-0', '1e-40', '-1e-40', '0.01', '-3', 'Infinity', '-Infinity', 'NaN'].map(
      (v) => new Decimal(v),
    );
    expect(values.map(isAtMostZero)).toEqual(values.map((v) => v.lessThanOrEqualTo(0)));
    expect(values.map(isAtMostZero)).toEqual([true, true, false, true, false, true, false, true, false]);
  });
});
