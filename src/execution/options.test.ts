import { describe, expect, it } from 'vitest';
import { executionOptions } from './options.ts';

describe('executionOptions', () => {
  it('fills every default from the config schema, the reconcile windows included', () => {
    expect(executionOptions({ reconcile: { convergenceMs: 200 } }).reconcile).toEqual({
      intervalMs: 30_000,
      convergenceMs: 200,
      unknownSettleMs: 30_000,
      fingerprintWindowMs: 60_000,
    });
  });

  it('refuses an out-of-range value with a ConfigError naming the field', () => {
    expect(() => executionOptions({ maxBatchSize: 0 })).toThrow(/maxBatchSize/);
  });
});
