import { describe, expect, it } from 'vitest';
import {
  Decimal,
  dec,
  formatFixed,
  hasPrecision,
  isDecimalLike,
  maxDec,
  minDec,
  roundTo,
  sum,
  toWireNumber,
} from './money.ts';

describe('dec', () => {
  it.each([
    [0.1, '0.1'],
    [1e-7, '1e-7'],
    ['  42.50 ', '42.5'],
    ['-3', '-3'],
    ['.5', '0.5'],
    ['1e3', '1000'],
    [123456789.12345679, '123456789.12345679'],
  ])('parses %j exactly as written', (input, expected) => {
    expect(dec(input).equals(new Decimal(expected))).toBe(true);
  });

  it('keeps 0.1 + 0.2 exact, unlike floating point', () => {
    expect(dec(0.1).plus(dec(0.2)).toString()).toBe('0.3');
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, '', 'abc', '1,5', '1.2.3', '0x10', 'NaN', 'Infinity'])(
    'refuses %j',
    (input) => {
      expect(() => dec(input as string)).toThrow(TypeError);
      expect(isDecimalLike(input)).toBe(false);
    },
  );

  it('returns a Decimal unchanged', () => {
    const d = dec('1.5');
    expect(dec(d)).toBe(d);
  });
});

describe('roundTo', () => {
  it.each([
    ['1.23456', 3, 'down', '1.234'],
    ['1.23456', 3, 'halfUp', '1.235'],
    ['-1.23456', 3, 'down', '-1.234'],
    ['-1.23456', 3, 'floor', '-1.235'],
    ['2.5', 0, 'halfEven', '2'],
    ['3.5', 0, 'halfEven', '4'],
    ['2.5', 0, 'halfUp', '3'],
    ['1.0001', 2, 'up', '1.01'],
    ['1.0001', 2, 'ceil', '1.01'],
    ['0.0009', 3, 'down', '0'],
    ['65000.99', 1, 'down', '65000.9'],
    ['100', 0, 'down', '100'],
  ] as const)('rounds %s to %i places %s → %s', (value, places, mode, expected) => {
    expect(roundTo(value, places, mode).toString()).toBe(expected);
  });

  it.each([-1, 1.5, Number.NaN])('refuses precision %s', (places) => {
    expect(() => roundTo('1', places)).toThrow(RangeError);
  });
});

describe('formatting and helpers', () => {
  it('formats fixed-point text without exponent notation', () => {
    expect(formatFixed('1e-7', 8)).toBe('0.00000010');
    expect(formatFixed('12345678901234567890', 2)).toBe('12345678901234567890.00');
    expect(formatFixed('1.005', 2)).toBe('1.01');
  });

  it('checks precision by counting decimal places', () => {
    expect(hasPrecision('0.001', 3)).toBe(true);
    expect(hasPrecision('0.0015', 3)).toBe(false);
    expect(hasPrecision('10', 0)).toBe(true);
  });

  it('converts a rounded decimal to the exact JSON number', () => {
    expect(toWireNumber(roundTo('0.0019', 3, 'down'))).toBe(0.001);
  });

  it('sums and compares', () => {
    expect(sum([0.1, '0.2', dec(0.3)]).toString()).toBe('0.6');
    expect(sum([]).toString()).toBe('0');
    expect(minDec(dec(1), dec(2)).toString()).toBe('1');
    expect(maxDec(dec(1), dec(2)).toString()).toBe('2');
  });
});
