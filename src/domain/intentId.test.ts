import { describe, expect, it } from 'vitest';
import { StrategyId } from './ids.ts';
import { deriveIntentId, murmur96 } from './intentId.ts';

/** A string whose UTF-16LE bytes are `bytes` (even length): how the reference byte vectors reach murmur96. */
const packed = (bytes: readonly number[]): string => {
  let s = '';
  for (let i = 0; i < bytes.length; i += 2)
    s += String.fromCharCode((bytes[i] ?? 0) | ((bytes[i + 1] ?? 0) << 8));
  return s;
};
const utf8 = (t: string): number[] => [...Buffer.from(t, 'utf8')];

describe('deriveIntentId', () => {
  it('is MurmurHash3 x86_128: the published vectors, first 96 bits (tails of 14, 12 and 0 bytes)', () => {
    // Reference values of MurmurHash3_x86_128, seed 0, as published with murmurhash3js-revisited.
    expect(murmur96(packed(utf8('My hovercraft is full of eels.')))).toBe('e3a186aee169ba6c6a8bd934');
    expect(murmur96(packed(utf8('I will not buy this record, it is scratched.')))).toBe(
      'a0a9683b25ac5e40d9af2895',
    );
    expect(murmur96(packed(Array.from({ length: 64 }, (_, i) => i)))).toBe('cc32c3983052e6520858cfaa');
    expect(murmur96('')).toBe('000000000000000000000000');
  });

  it('keeps the ids of this version: journals and parity runs depend on them never changing', () => {
    expect([
      deriveIntentId(StrategyId('sma-cross'), 'bar-42'),
      deriveIntentId(StrategyId('sma-cross'), 'bar-42', 1),
      deriveIntentId(StrategyId('sma-cross'), 'BTCUSDT:1700000000000:LONG'),
    ]).toMatchInlineSnapshot(`
      [
        "in_9265fc2abb6b1e77ddb09c8c",
        "in_10a86f8df2e0626870f406ef",
        "in_8ad0055320b472c58eff8584",
      ]
    `);
  });

  it('gives a million realistic signals of one strategy a million different ids', () => {
    const s = StrategyId('sma-cross');
    const seen = new Set<string>();
    const markets = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'XRPUSDT'];
    for (let i = 0; i < 250_000; i++)
      for (const m of markets)
        seen.add(deriveIntentId(s, `${m}:${1_700_000_000_000 + i * 60_000}:${i % 2 ? 'LONG' : 'exit'}`));
    expect(seen.size).toBe(1_000_000);
  });

  it('changes about half of the 96 bits when one character of the signal changes (avalanche)', () => {
    const bits = (hex: string) => [...hex].map((c) => Number.parseInt(c, 16));
    const popcount = (x: number) => ((x >> 3) & 1) + ((x >> 2) & 1) + ((x >> 1) & 1) + (x & 1);
    let flipped = 0;
    let pairs = 0;
    for (let i = 0; i < 2_000; i++) {
      const a = bits(murmur96(`grid:BTCUSDT:LONG:${i}:0`));
      const b = bits(murmur96(`grid:BTCUSDT:LONG:${i}:1`));
      for (let k = 0; k < a.length; k++) flipped += popcount((a[k] as number) ^ (b[k] as number));
      pairs++;
    }
    const mean = flipped / pairs;
    expect(mean).toBeGreaterThan(46);
    expect(mean).toBeLessThan(50);
  });

  it('separates the strategy, the signal and the leg', () => {
    const s = StrategyId('a');
    expect(deriveIntentId(s, 'x')).toMatch(/^in_[0-9a-f]{24}$/);
    expect(deriveIntentId(s, 'x')).toBe(deriveIntentId(StrategyId('a'), 'x'));
    expect(deriveIntentId(s, 'x', 1)).not.toBe(deriveIntentId(s, 'x'));
    expect(deriveIntentId(StrategyId('ab'), 'c')).not.toBe(deriveIntentId(s, 'bc'));
  });
});
