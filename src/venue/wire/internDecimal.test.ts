import { describe, expect, it } from 'vitest';
import { Decimal } from '../../domain/money.ts';
import { INTERNED_MAX, internDecimal, internedCount } from './internDecimal.ts';

describe('internDecimal', () => {
  it('answers the same Decimal for the same text, with the value of that text', () => {
    const first = internDecimal(' 190.038 ');
    expect(first).toBeInstanceOf(Decimal);
    expect(first.toFixed()).toBe('190.038');
    expect(internDecimal(' 190.038 ')).toBe(first);
  });

  it('leaves a shared Decimal unchanged by arithmetic on it', () => {
    const shared = internDecimal('0.01');
    shared.plus(1).times(3).toDecimalPlaces(0);
    expect(internDecimal('0.01').toFixed()).toBe('0.01');
  });

  it('never holds more than its bound, however many distinct texts arrive', () => {
    for (let i = 0; i < INTERNED_MAX * 2 + 10; i++) internDecimal(String(i));
    expect(internedCount()).toBeLessThanOrEqual(INTERNED_MAX);
    expect(internDecimal('12345').toFixed()).toBe('12345');
  });
});
