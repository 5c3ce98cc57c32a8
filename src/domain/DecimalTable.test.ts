import { describe, expect, it } from 'vitest';
import { DecimalTable } from './DecimalTable.ts';
import { dec } from './money.ts';

describe('DecimalTable', () => {
  it('gives the value dec gives, and the same instance for the same number', () => {
    const t = new DecimalTable<number>();
    for (const n of [0.1, 0.002, 1e-7, 123456.789, 5, -0.5]) {
      expect(t.of(n).equals(dec(n)), String(n)).toBe(true);
      expect(t.of(n)).toBe(t.of(n));
    }
    expect(t.of(0.1).toString()).toBe('0.1');
  });

  it('stays within its bound and keeps answering right after starting over', () => {
    const t = new DecimalTable<number>(3);
    for (let i = 1; i <= 10; i++) expect(t.of(i / 10).toString()).toBe(String(i / 10));
    expect(t.of(0.3).toString()).toBe('0.3');
  });

  it('takes numeric text as well, and refuses what dec refuses', () => {
    const t = new DecimalTable<string>();
    expect(t.of(' 190.038 ').toFixed()).toBe('190.038');
    expect(t.of(' 190.038 ')).toBe(t.of(' 190.038 '));
    expect(() => t.of('1,5')).toThrow(/not a decimal number/);
  });

  it('refuses NaN and infinities as dec does', () => {
    const t = new DecimalTable<number>();
    expect(() => t.of(Number.NaN)).toThrow(/not a finite number/);
    expect(() => t.of(Number.POSITIVE_INFINITY)).toThrow(/not a finite number/);
  });
});
