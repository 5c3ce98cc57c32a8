import { expect } from 'vitest';

/** A seeded random walk (xorshift32) with occasional jumps: identical on every run. */
export function walk(n: number, seed = 0x2545f491, start = 100): Float64Array {
  const out = new Float64Array(n);
  let x = seed | 0 || 1;
  let p = start;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    const u = (x >>> 0) / 4294967296;
    // Mostly small steps, one step in fifty ten times larger: ties, runs and sharp extremes.
    p *= 1 + (u - 0.5) * (i % 50 === 0 ? 0.05 : 0.004);
    out[i] = Math.round(p * 1e4) / 1e4;
  }
  return out;
}

/** Whether step i replaces the previous value instead of adding one (about one step in 16). */
export const replaces = (i: number): boolean => i > 0 && Math.imul(i, 0x9e3779b1) >>> 28 === 0;

export interface Face {
  update(i: number, replace: boolean): number | null;
  readonly isStable: boolean;
  getResult(): number | null;
}

/**
 * Feeds both indicators the same n steps and holds ours to the library's at every step: the
 * same null before it is stable, the same isStable, and results within 1e-9 relative.
 */
export function expectSame(n: number, ours: Face, lib: Face, label: string): void {
  let compared = 0;
  for (let i = 0; i < n; i++) {
    const r = replaces(i);
    const a = ours.update(i, r);
    const b = lib.update(i, r);
    const where = `${label}, step ${i}${r ? ' (replace)' : ''}`;
    if (a === null || b === null) {
      expect(a, where).toBe(b);
    } else {
      const scale = Math.max(Math.abs(a), Math.abs(b));
      if (Math.abs(a - b) > 1e-9 * scale) expect(a, where).toBe(b);
      compared++;
    }
    if (ours.isStable !== lib.isStable) expect(ours.isStable, `${where}: isStable`).toBe(lib.isStable);
  }
  const last = ours.getResult();
  const libLast = lib.getResult();
  expect(last === null, label).toBe(libLast === null);
  expect(compared, `${label}: values compared`).toBeGreaterThan(n / 2);
}

/** Before `interval` additions: null and not stable; at the interval-th: a number and stable. */
export function expectWarmup(
  interval: number,
  make: () => { add(x: number): unknown; readonly isStable: boolean; getResult(): unknown },
  values: Float64Array,
): void {
  const ind = make();
  for (let i = 0; i < interval - 1; i++) {
    expect(ind.add(values[i] as number), `add #${i + 1} of ${interval}`).toBeNull();
    expect(ind.isStable).toBe(false);
    expect(ind.getResult()).toBeNull();
  }
  expect(ind.add(values[interval - 1] as number)).not.toBeNull();
  expect(ind.isStable).toBe(true);
  expect(ind.getResult()).not.toBeNull();
}

export const N = 20_000;
export const WINDOWS = [1, 2, 3, 10, 14, 20, 50, 200] as const;

/**
 * `step` (the per-bar path: NaN before stable) against `add` of a twin fed the same n inputs:
 * NaN exactly where add is null, the same number everywhere else.
 */
export function expectStepLikeAdd<T>(
  make: () => T,
  add: (ind: T, i: number) => number | null,
  step: (ind: T, i: number) => number,
  label: string,
  n = 2_000,
): void {
  const a = make();
  const b = make();
  for (let i = 0; i < n; i++) {
    const want = add(a, i);
    const got = step(b, i);
    if (want === null ? !Number.isNaN(got) : got !== want)
      expect(got, `${label}, step ${i}`).toBe(want ?? Number.NaN);
  }
}
