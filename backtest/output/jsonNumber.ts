import { digitCount, writeDigits } from './decimalDigits.ts';
import { writeShortestFraction } from './shortestFraction.ts';

/** Digits the fast path works with: |x| × 10^k < 10^15 < 2^50 (see writeJsonNumber). */
const DIGITS = 15;
/** 10^k for k = 0 to 14: every one an exact double. */
const POW10 = Array.from({ length: DIGITS }, (_, k) => 10 ** k);
/** The most bytes JSON.stringify writes for a number ("-0.0000012345678901234567"). */
export const JSON_NUMBER_BYTES = 25;

/**
 * Writes at `pos` the bytes JSON.stringify gives for `x` and returns the end; `buf` needs
 * JSON_NUMBER_BYTES of room. An equity curve is millions of numbers like 10000012.345, which
 * arithmetic writes in half the time of String(x). For 1 ≤ |x| < 10^15 with d integer digits and
 * k = 15 − d, |x| × 10^k < 10^15 < 2^50 keeps both the product's rounding error and half an ulp
 * of x, times 10^k, under 1/8: m = round(|x| × 10^k) is the one whole number whose m / 10^k can
 * read back as x (a correctly rounded division says whether it does). Then the shortest text that
 * reads back as x is m's digits with the point k from the end and the fraction's trailing zeros
 * dropped: every such text shares x's integer part (no integer lies within half an ulp of a
 * fraction, and an integer x is exact), so the shortest has the fewest fraction digits, and
 * fewer than k name m's value only by dropping zeros. With more digits than that (16 or 17: a
 * quarter of a real curve's equities), |x| < 2^32 takes writeShortestFraction's exact search from
 * k + 1 digits. Anything else (|x| < 1, the search undecided, not finite: null) takes String(x).
 */
export function writeJsonNumber(buf: Buffer, pos: number, x: number): number {
  // Fees and funding are often 0 (and -0 is written "0" too).
  if (x === 0) {
    buf[pos] = 0x30;
    return pos + 1;
  }
  const a = Math.abs(x);
  if (a >= 1 && a < 1e15) {
    const whole = Math.floor(a);
    const wholeDigits = digitCount(whole);
    let k = DIGITS - wholeDigits;
    const p = POW10[k] ?? Number.NaN;
    const m = Math.round(a * p);
    if (m / p === a) {
      let fraction = m - whole * p;
      let at = pos;
      if (x < 0) buf[at++] = 0x2d;
      at += wholeDigits;
      writeDigits(buf, at, whole, wholeDigits);
      if (fraction === 0) return at;
      // Its trailing zeros dropped, in int32 arithmetic when it fits (an equity's does).
      if (fraction < 2 ** 31) {
        let f = fraction | 0;
        for (let q = (f / 10) | 0; q * 10 === f; q = (f / 10) | 0) {
          f = q;
          k--;
        }
        fraction = f;
      } else
        for (let q = Math.floor(fraction / 10); q * 10 === fraction; q = Math.floor(fraction / 10)) {
          fraction = q;
          k--;
        }
      buf[at] = 0x2e;
      writeDigits(buf, at + 1 + k, fraction, k);
      return at + 1 + k;
    }
    // More than 15 significant digits (a quarter of a real equity curve's): the exact search.
    if (a < 2 ** 32) {
      let at = pos;
      if (x < 0) buf[at++] = 0x2d;
      at += wholeDigits;
      writeDigits(buf, at, whole, wholeDigits);
      const end = writeShortestFraction(buf, at, a, k + 1, 17 - wholeDigits);
      if (end >= 0) return end;
    }
  }
  return pos + buf.write(Number.isFinite(x) ? String(x) : 'null', pos, 'latin1');
}
