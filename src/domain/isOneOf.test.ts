import { describe, expect, it } from 'vitest';
import { isOneOf } from './isOneOf.ts';

describe('isOneOf', () => {
  const SIDES = ['LONG', 'SHORT'] as const;

  it('holds for a member of the set', () => {
    expect(isOneOf(SIDES, 'LONG')).toBe(true);
    expect(isOneOf(SIDES, 'SHORT')).toBe(true);
  });

  it('fails for other text, other case, and values that are not text', () => {
    for (const v of ['long', 'BUY', '', undefined, null, 1, ['LONG']]) expect(isOneOf(SIDES, v)).toBe(false);
  });
});
