import { describe, expect, it } from 'vitest';
import { formatPath } from './configPath.ts';

describe('formatPath', () => {
  it('writes keys with dots and indexes in brackets', () => {
    expect(formatPath(['strategies', 0, 'params', 'fast'])).toBe('strategies[0].params.fast');
    expect(formatPath([])).toBe('');
    expect(formatPath([2, 'a'])).toBe('[2].a');
  });
});
