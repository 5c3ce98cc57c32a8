import { describe, expect, it } from 'vitest';
import { hash96Id, lanesAfter } from './hash96.ts';

const id = (prefix: string, text: string, leg = 0) => hash96Id(lanesAfter(prefix), text, leg);

describe('hash96Id', () => {
  it('is 24 lowercase hex digits after in_', () => {
    expect(id('sma-cross', 'BTCUSDT:1767571200000:LONG')).toMatch(/^in_[0-9a-f]{24}$/);
  });

  it('tells apart inputs that differ only in where the prefix ends, in the leg or in an odd last unit', () => {
    const ids = [
      id('ab', 'c'),
      id('a', 'bc'),
      id('abc', ''),
      id('', 'abc'),
      id('ab', 'c', 1),
      id('ab', 'd'),
      id('ab', 'ca'),
      id('ab', 'c\u0000'),
      id('ab', '\u0000c'),
    ];
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('gives 400,000 signals of consecutive bars 400,000 ids, and spreads each 32-bit lane as a random one would', () => {
    const seen = new Set<string>();
    const lanes = [new Set<string>(), new Set<string>(), new Set<string>()];
    let laneRepeats = 0;
    const n = 400_000;
    const from = lanesAfter('sma-cross');
    for (let i = 0; i < n; i++) {
      const x = hash96Id(
        from,
        `BTCUSDT:${1_767_571_200_000 + i * 60_000}:${i % 2 === 0 ? 'LONG' : 'exit'}`,
        i % 3 === 0 ? 1 : 0,
      );
      seen.add(x);
      for (let k = 0; k < 3; k++) {
        const lane = x.slice(3 + 8 * k, 11 + 8 * k);
        const set = lanes[k] as Set<string>;
        if (set.has(lane)) laneRepeats++;
        set.add(lane);
      }
    }
    expect(seen.size).toBe(n);
    // A random 32-bit value repeats about n²/2³³ ≈ 18.6 times in n draws, per lane: 56 over three.
    expect(laneRepeats).toBeLessThan(112);
  });
});
