import { describe, expect, it } from 'vitest';
import { ratio } from './ratio.ts';

describe('ratio', () => {
  it('divides, and answers null for a missing side, a zero denominator or a quotient beyond a double', () => {
    expect(ratio(1, 4)).toBe(0.25);
    expect(ratio(null, 4)).toBeNull();
    expect(ratio(1, null)).toBeNull();
    expect(ratio(1, 0)).toBeNull();
    expect(ratio(1e308, 1e-308)).toBeNull();
  });
});
