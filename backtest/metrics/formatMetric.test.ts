import { describe, expect, it } from 'vitest';
import { formatMetric, groupThousands, significant } from './formatMetric.ts';

describe('significant digits', () => {
  it('writes 0 as 0, and a value that rounds up to 10^digits without an exponent', () => {
    expect(significant(0)).toBe('0');
    expect(significant(9999.7)).toBe('10000');
  });

  it('keeps every integer digit from 10^digits up, and writes values below 1e-6 as exponents without trailing zeros', () => {
    expect(significant(10_000.4)).toBe('10000');
    expect(significant(-12_345.6)).toBe('-12346');
    expect(significant(1.2e-7)).toBe('1.2e-7');
    expect(significant(1e-6)).toBe('0.000001');
    expect(significant(2, 3)).toBe('2');
  });
});

describe('formatMetric by unit', () => {
  it('writes counts as they are and money below 1 at 4 significant digits, from 1 to the cent', () => {
    expect(formatMetric(3, 'count')).toBe('3');
    expect(formatMetric(1.23456, 'ratio')).toBe('1.235');
    expect(formatMetric(-0.5, 'money')).toBe('-0.5');
    expect(formatMetric(-1, 'money')).toBe('-1.00');
  });

  it('writes durations in their largest whole unit, down to milliseconds', () => {
    expect(formatMetric(86_400_000, 'ms')).toBe('1 d');
    expect(formatMetric(90_000, 'ms')).toBe('1.5 min');
    expect(formatMetric(1_500, 'ms')).toBe('1.5 s');
    expect(formatMetric(250, 'ms')).toBe('250 ms');
    expect(formatMetric(-2 * 3_600_000, 'ms')).toBe('-2 h');
  });

  it('groups the thousands of a whole number too', () => {
    expect(groupThousands('1234567')).toBe('1,234,567');
    expect(groupThousands('123')).toBe('123');
  });
});
