import { describe, expect, it } from 'vitest';
import { writeShortestFraction } from './shortestFraction.ts';

/** The fraction part writeShortestFraction gives for `a` (searching 1 to 17 − integer digits), or null when it cannot decide. */
function fraction(a: number): string | null {
  const buf = Buffer.alloc(24, 0x23);
  const end = writeShortestFraction(buf, 1, a, 1, 17 - String(Math.floor(a)).length);
  if (end < 0) return null;
  expect([buf[0], buf[end]]).toEqual([0x23, 0x23]);
  return buf.toString('latin1', 1, end);
}

/** What follows the integer part in Number::toString's text. */
const expected = (a: number) => String(a).slice(String(Math.floor(a)).length);

/** The first few values written otherwise than Number::toString (a short list fails fast). */
const misread = (xs: readonly number[]) => xs.filter((x) => fraction(x) !== expected(x)).slice(0, 5);

/** A small seeded generator: the same numbers on every run. */
function seeded(seed: number): () => number {
  let s = seed;
  return () => {
    s = (Math.imul(s, 1_103_515_245) + 12_345) >>> 0;
    return s / 2 ** 32;
  };
}

describe('writeShortestFraction', () => {
  it('decides every equity-like value of 16 and 17 significant digits as Number::toString writes it', () => {
    const r = seeded(3);
    const xs: number[] = [];
    // A random walk with binary noise (prices times quantities, summed), 10^7 to 4·10^9.
    for (let scale = 1e7; scale < 4e9; scale *= 3)
      for (let e = scale, i = 0; i < 20_000; i++) {
        e += (r() - 0.5) * 1_000 * 0.1 + 0.2;
        if (String(e).replace('.', '').length >= 16) xs.push(e);
      }
    expect(xs.length).toBeGreaterThan(50_000);
    expect(misread(xs)).toEqual([]);
  });

  it('writes the nearest of the shortest decimals, and of two as near the even one', () => {
    // whole + m/256 halfway between two 7-digit decimals that both read back (ulp 2^−23 to 2^−21).
    const xs: number[] = [];
    for (let whole = 2 ** 29; whole < 2 ** 32; whole += 97_654_321)
      for (let m = 1; m < 256; m += 2) xs.push(whole + m / 256);
    expect(fraction(1e9 + 1 / 256)).toBe('.0039062');
    expect(fraction(1e9 + 3 / 256)).toBe('.0117188');
    expect(misread(xs)).toEqual([]);
  });

  it('declines (−1), for String to write, where a product would pass 2^53: small numbers of many binary digits', () => {
    expect([1.5, 2.675, 3 + 0.1 + 0.2, 12345.678901234567].map(fraction)).toEqual([null, null, null, null]);
    // Few binary digits after the point keep the products small at any size.
    expect([1.0000000000000002, 65536.00001, 4294967295.5].map(fraction)).toEqual([
      '.0000000000000002',
      '.00001',
      '.5',
    ]);
  });
});
