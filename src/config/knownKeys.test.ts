import { describe, expect, it } from 'vitest';
import { closestKey, knownKeys } from './knownKeys.ts';
import { configSchema } from './schema.ts';

describe('knownKeys', () => {
  it('finds the keys of a section through defaults, arrays and nested objects', () => {
    expect(knownKeys(configSchema, ['execution', 'poll'])).toContain('notFoundGraceMs');
    expect(knownKeys(configSchema, ['strategies', 0])).toEqual([
      'id',
      'module',
      'markets',
      'interval',
      'enabled',
      'params',
      'optimize',
      'risk',
      'misfireGraceMs',
    ]);
    expect(knownKeys(configSchema, ['strategies', 0, 'params'])).toEqual([]);
  });
});

describe('closestKey', () => {
  it('suggests a key that differs by case or a couple of letters', () => {
    expect(closestKey('pollintervalms', ['pollIntervalMs', 'staleAfterMs'])).toBe('pollIntervalMs');
    expect(closestKey('timoutMs', ['timeoutMs', 'burst'])).toBe('timeoutMs');
  });

  it('suggests nothing when no key is close', () => {
    expect(closestKey('proxy', ['url', 'chainId', 'solver'])).toBeUndefined();
  });
});
