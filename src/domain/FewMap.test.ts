import { describe, expect, it } from 'vitest';
import { FewMap } from './FewMap.ts';

const entries = (m: FewMap<string, number>, keys: readonly string[]) => keys.map((k) => [k, m.get(k)]);

describe('FewMap', () => {
  it('keeps insertion order through deletes and replacements, as a Map does', () => {
    const m = new FewMap<string, number>();
    for (const [i, k] of ['a', 'b', 'c', 'd'].entries()) m.set(k, i);
    expect(m.delete('b')).toBe(true);
    expect(m.delete('b')).toBe(false);
    m.set('a', 10);
    m.set('e', 4);
    expect(m.values()).toEqual([10, 2, 3, 4]);
    expect(m.size).toBe(4);
    expect(m.has('b')).toBe(false);
    expect(m.get('b')).toBeUndefined();
  });

  it('answers the same as a Map for every step of a run that grows past the scan size and empties again', () => {
    const few = new FewMap<string, number>();
    const map = new Map<string, number>();
    const keys = Array.from({ length: 30 }, (_, i) => `k${i}`);
    let seed = 7;
    for (let step = 0; step < 2_000; step++) {
      seed = (seed * 1_103_515_245 + 12_345) >>> 0;
      const k = keys[seed % keys.length] as string;
      if (seed % 3 === 0) expect(few.delete(k)).toBe(map.delete(k));
      else {
        few.set(k, step);
        map.set(k, step);
      }
      expect(few.size).toBe(map.size);
      expect(few.values()).toEqual([...map.values()]);
    }
    expect(entries(few, keys)).toEqual(keys.map((k) => [k, map.get(k)]));
    for (const k of keys) {
      few.delete(k);
      map.delete(k);
    }
    few.set('z', 1);
    expect(few.values()).toEqual([1]);
  });

  it('is empty after clear, whatever its size was', () => {
    const m = new FewMap<string, number>();
    for (let i = 0; i < 20; i++) m.set(`k${i}`, i);
    m.clear();
    expect(m.size).toBe(0);
    expect(m.get('k3')).toBeUndefined();
    m.set('k3', 3);
    expect(m.values()).toEqual([3]);
  });

  it('has a key it holds and not one it does not, in the scan and past the scan size', () => {
    const m = new FewMap<string, number>();
    m.set('a', 1);
    expect([m.has('a'), m.has('b')]).toEqual([true, false]);
    for (let i = 0; i < 20; i++) m.set(`k${i}`, i);
    expect([m.has('a'), m.has('k19'), m.has('b')]).toEqual([true, true, false]);
  });

  it('is empty after clear with a few entries, and takes new ones after it', () => {
    const m = new FewMap<string, number>();
    for (const k of ['a', 'b', 'c']) m.set(k, 1);
    m.clear();
    expect([m.size, m.has('a'), m.values()]).toEqual([0, false, []]);
    m.set('d', 4);
    expect(m.values()).toEqual([4]);
  });

  it('lists its keys in insertion order, in the scan and past the scan size', () => {
    const m = new FewMap<string, number>();
    for (const k of ['c', 'a', 'b']) m.set(k, 1);
    m.delete('a');
    expect(m.keys()).toEqual(['c', 'b']);
    const many = Array.from({ length: 12 }, (_, i) => `k${i}`);
    for (const k of many) m.set(k, 1);
    expect(m.keys()).toEqual(['c', 'b', ...many]);
  });
});
