import { describe, expect, it } from 'vitest';
import { createRng } from './rng.ts';

describe('createRng', () => {
  it('replays the same sequence for the same seed', () => {
    const a = createRng(42);
    const b = createRng(42);
    expect([a.next(), a.hex(8), a.int(1, 6)]).toEqual([b.next(), b.hex(8), b.int(1, 6)]);
  });

  it('gives different sequences for different seeds', () => {
    expect(createRng(1).hex(16)).not.toBe(createRng(2).hex(16));
  });

  it('stays within [0, 1) and within integer bounds', () => {
    const r = createRng(7);
    for (let i = 0; i < 10_000; i++) {
      const x = r.next();
      expect(x >= 0 && x < 1).toBe(true);
      const n = r.int(3, 5);
      expect(n >= 3 && n <= 5).toBe(true);
    }
  });
});
