import { describe, expect, it } from 'vitest';
import { wireDecimal, wireInt, wireTime } from './scalars.ts';

describe('wire scalars', () => {
  it.each([
    [1.5, '1.5'],
    ['0.1', '0.1'],
    [' 2 ', '2'],
    ['1e3', '1000'],
    [0.1, '0.1'],
  ])('reads %j as the exact decimal %s', (input, text) => {
    expect(wireDecimal.parse(input).toFixed()).toBe(text);
  });

  it.each([['abc'], [''], ['1,5'], [Number.NaN], [Number.POSITIVE_INFINITY], [true], [null], [undefined]])(
    'refuses %j as a number',
    (input) => {
      const r = wireDecimal.safeParse(input);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe('expected a number or numeric string');
    },
  );

  it('refuses a fractional id and reads times as epoch ms or ISO text', () => {
    expect(wireInt.safeParse('1.5').success).toBe(false);
    expect(wireInt.parse('7')).toBe(7);
    expect(wireTime.parse('2026-01-01T00:00:00Z')).toBe(Date.UTC(2026, 0, 1));
    expect(wireTime.parse(5)).toBe(5);
  });
});
