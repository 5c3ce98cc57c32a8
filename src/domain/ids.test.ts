import { describe, expect, it } from 'vitest';
import { StrategyId, SubaccountAddress, WalletAddress } from './ids.ts';
import { deriveIntentId } from './intentId.ts';

describe('ids', () => {
  it('normalises addresses to lower case and refuses malformed ones', () => {
    expect(SubaccountAddress('0xABCDEF0123456789abcdef0123456789ABCDEF01')).toBe(
      '0xabcdef0123456789abcdef0123456789abcdef01',
    );
    expect(() => SubaccountAddress('0x123')).toThrow('not a 0x-prefixed 40-hex-digit address');
    expect(() => WalletAddress('abcdef0123456789abcdef0123456789abcdef0123')).toThrow(TypeError);
  });

  it('derives the same intent id from the same signal, and different ids otherwise', () => {
    const s = StrategyId('sma-cross');
    expect(deriveIntentId(s, 'bar-1700000000000-long')).toBe(deriveIntentId(s, 'bar-1700000000000-long'));
    expect(deriveIntentId(s, 'bar-1700000000000-long')).not.toBe(
      deriveIntentId(s, 'bar-1700000000000-long', 1),
    );
    expect(deriveIntentId(s, 'a')).not.toBe(deriveIntentId(StrategyId('other'), 'a'));
    expect(deriveIntentId(s, 'a')).toMatch(/^in_[0-9a-f]{24}$/);
  });
});
