import { describe, expect, it } from 'vitest';
import { AgedMap } from './AgedMap.ts';

describe('AgedMap', () => {
  it('answers the same as a Map at every step while keys age through many moves to the old map', () => {
    // Young holds 8: a run of 3,000 steps moves its keys on hundreds of times and grows the filter.
    const aged = new AgedMap<string, number>(8);
    const map = new Map<string, number>();
    let seed = 11;
    let fresh = 0;
    for (let step = 0; step < 3_000; step++) {
      seed = (seed * 1_103_515_245 + 12_345) >>> 0;
      // Half the steps a new id, the other half an id from anywhere in the past (or one never made).
      const k = seed % 2 === 0 ? `id-${fresh++}` : `id-${(seed >>> 3) % (fresh + 5)}`;
      if (seed % 5 === 0) expect(aged.get(k)).toBe(map.get(k));
      else if (seed % 5 === 1) expect(aged.has(k)).toBe(map.has(k));
      else {
        aged.set(k, step);
        map.set(k, step);
      }
      expect(aged.size).toBe(map.size);
    }
    expect(aged.values()).toEqual([...map.values()]);
    for (let i = 0; i < fresh + 50; i++) expect(aged.get(`id-${i}`)).toBe(map.get(`id-${i}`));
  });

  it('changes an old key in its place: the insertion order stays the first set', () => {
    const m = new AgedMap<string, string>(2);
    for (const k of ['a', 'b', 'c', 'd', 'e']) m.set(k, k);
    m.set('a', 'A');
    m.set('d', 'D');
    expect(m.values()).toEqual(['A', 'b', 'c', 'D', 'e']);
    expect(m.size).toBe(5);
  });
});
