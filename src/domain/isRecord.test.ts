import { describe, expect, it } from 'vitest';
import { isKeyed, isRecord } from './isRecord.ts';

describe('isRecord', () => {
  it('holds for plain objects and class instances', () => {
    expect(isRecord({})).toBe(true);
    expect(isRecord({ a: 1 })).toBe(true);
    expect(isRecord(new Error('x'))).toBe(true);
  });

  it('fails for null, arrays and primitives', () => {
    for (const v of [null, undefined, [], [1], 'a', 1, true]) expect(isRecord(v), String(v)).toBe(false);
  });

  it('isKeyed also holds for arrays, and fails for null and primitives', () => {
    expect(isKeyed([1])).toBe(true);
    expect(isKeyed({})).toBe(true);
    for (const v of [null, undefined, 'a', 1, true]) expect(isKeyed(v), String(v)).toBe(false);
  });
});
