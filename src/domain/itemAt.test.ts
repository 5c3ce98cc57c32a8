import { describe, expect, it } from 'vitest';
import { itemAt, lastItem } from './itemAt.ts';

describe('itemAt', () => {
  it('returns the element at an index in range, zero and falsy elements included', () => {
    expect(itemAt(['a', 'b'], 1)).toBe('b');
    expect(itemAt(Float64Array.of(0, 2), 0)).toBe(0);
    expect(itemAt([''], 0)).toBe('');
  });

  it('throws a RangeError for an index outside the array instead of returning undefined', () => {
    expect(() => itemAt([1, 2], 2)).toThrow(RangeError);
    expect(() => itemAt([1, 2], -1)).toThrow('index -1 is outside 0..1');
    expect(() => itemAt(new Int32Array(0), 0)).toThrow(RangeError);
  });

  it('lastItem is the last element, and throws on an empty array', () => {
    expect(lastItem([3, 4, 5])).toBe(5);
    expect(() => lastItem([])).toThrow(RangeError);
  });
});
