import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../errors/ConfigError.ts';
import { assertApiKey, isApiKey } from './apiKey.ts';

const GOOD = `ix.${'ab12'.repeat(16)}`;

describe('assertApiKey', () => {
  it('accepts ix. followed by 64 hex digits', () => {
    expect(isApiKey(GOOD)).toBe(true);
    expect(assertApiKey(GOOD)).toBe(GOOD);
  });

  it.each([
    ['a truncated key', GOOD.slice(0, -1)],
    ['a key with a non-hex digit', `${GOOD.slice(0, -1)}g`],
    ['a key without the prefix', GOOD.slice(3)],
    ['an empty key', ''],
    ['a key with trailing whitespace', `${GOOD} `],
  ])('refuses %s with a ConfigError that does not echo the value', (_what, key) => {
    const error = (() => {
      try {
        assertApiKey(key);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    if (key.length > 8) expect(String(error)).not.toContain(key.slice(3, 40));
  });
});
