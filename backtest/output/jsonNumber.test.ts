import { describe, expect, it } from 'vitest';
import { JSON_NUMBER_BYTES, writeJsonNumber } from './jsonNumber.ts';

/** Each number's bytes as writeJsonNumber writes them, after a byte that must stay. */
function written(xs: readonly number[]): string[] {
  const buf = Buffer.alloc(1 + JSON_NUMBER_BYTES + 1);
  return xs.map((x) => {
    buf.fill(0x23);
    const end = writeJsonNumber(buf, 1, x);
    expect(end - 1).toBeLessThanOrEqual(JSON_NUMBER_BYTES);
    expect([buf[0], buf[end]]).toEqual([0x23, 0x23]);
    return buf.toString('latin1', 1, end);
  });
}

/** A small seeded generator: the same numbers on every run. */
function seeded(seed: number): () => number {
  let s = seed;
  return () => {
    s = (Math.imul(s, 1_103_515_245) + 12_345) >>> 0;
    return s / 2 ** 32;
  };
}

describe('writeJsonNumber', () => {
  it('writes what JSON.stringify writes for edge values: signs, zeros, limits, non-finite as null', () => {
    const xs = [
      0,
      -0,
      1,
      -1,
      10,
      100,
      1e15,
      1e16,
      1e21,
      1e-7,
      1e-6,
      0.1,
      0.5,
      0.1 + 0.2,
      1.005,
      123.456,
      -9.99,
      9.999999999999998,
      10.000000000000002,
      2 ** 50 - 1,
      2 ** 50 - 0.125,
      2 ** 50,
      2 ** 53,
      2 ** 53 + 2,
      Number.MAX_SAFE_INTEGER,
      Number.MAX_VALUE,
      Number.MIN_VALUE,
      -Number.MIN_VALUE,
      2.2250738585072014e-308,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      9999558.105999999,
      10000000.001,
      1.0000000000000002,
      4503599627370495.5,
      -0.0000012345678901234567,
      999999999999999,
      123456789012345.6,
      1125899906842623.8,
      999999999999999.9,
      99999999999999.98,
    ];
    expect(written(xs)).toEqual(xs.map((x) => JSON.stringify(x)));
  });

  it('writes decimals with every number of digits either side of the point as JSON.stringify does', () => {
    const r = seeded(11);
    const xs: number[] = [];
    for (let whole = 0; whole <= 16; whole++)
      for (let fraction = 0; fraction <= 17; fraction++)
        for (let i = 0; i < 40; i++) {
          const digits = Math.floor(r() * 10 ** Math.min(whole + fraction, 17));
          xs.push(((r() < 0.5 ? -1 : 1) * digits) / 10 ** fraction);
        }
    expect(written(xs)).toEqual(xs.map((x) => JSON.stringify(x)));
  });

  it('writes random doubles of every magnitude, and sums that carry binary noise, as JSON.stringify does', () => {
    const r = seeded(5);
    const view = new DataView(new ArrayBuffer(8));
    const xs: number[] = [];
    for (let i = 0; i < 20_000; i++) {
      view.setUint32(0, Math.floor(r() * 2 ** 32));
      view.setUint32(4, Math.floor(r() * 2 ** 32));
      xs.push(view.getFloat64(0));
      xs.push((r() - 0.5) * 10 ** Math.floor(r() * 20 - 4));
    }
    for (let e = 10_000_000, i = 0; i < 20_000; i++) {
      e += Math.round((r() - 0.5) * 2_000) / 1_000;
      xs.push(e);
    }
    expect(written(xs)).toEqual(xs.map((x) => JSON.stringify(x)));
  });
});
