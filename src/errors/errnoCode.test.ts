import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { errnoCode } from './errnoCode.ts';

describe('errnoCode', () => {
  it('is the code of a system error', () => {
    let thrown: unknown;
    try {
      readFileSync('/no/such/file/at/all');
    } catch (e) {
      thrown = e;
    }
    expect(errnoCode(thrown)).toBe('ENOENT');
  });

  it('is undefined for plain errors, non-string codes and values that are not errors', () => {
    expect(errnoCode(new Error('x'))).toBeUndefined();
    expect(errnoCode(Object.assign(new Error('x'), { code: 42 }))).toBeUndefined();
    expect(errnoCode({ code: 'ENOENT' })).toBeUndefined();
    expect(errnoCode('ENOENT')).toBeUndefined();
  });
});
