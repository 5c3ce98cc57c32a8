/** Digits the fast path works with: |x| × 10^k < 10^15 < 2^50 (see writeJsonNumber). */
const DIGITS = 15;
/** 10^k for k = 0 to 14: every one an exact double. */
const POW10 = Array.from({ length: DIGITS }, (_, k) => 10 ** k);
/** The most bytes JSON.stringify writes for a number ("-0.0000012345678901234567"). */
export const JSON_NUMBER_BYTES = 25;

/** The number of decimal digits of a whole 1 ≤ n < 10^15. */
function digitCount(n: number): number {
  let digits = 1;
  while (digits < DIGITS && n >= (POW10[digits] ?? Number.POSITIVE_INFINITY)) digits++;
  return digits;
}

/** The last `count` decimal digits of a whole 0 ≤ n < 10^15 (leading zeros too), ending just before `end`. */
function writeDigits(buf: Uint8Array, end: number, n: number, count: number): void {
  const start = end - count;
  let at = end;
  let rest = n;
  // A double's division is slower than an int32's (and its % a call into C): doubles only above 2^31.
  while (rest >= 2 ** 31 && at > start) {
    const q = Math.floor(rest / 10);
    buf[--at] = 0x30 + rest - q * 10;
    rest = q;
  }
  let v = rest | 0;
  while (at > start) {
    const q = (v / 10) | 0;
    buf[--at] = 0x30 + v - q * 10;
    v = q;
  }
}

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
 * fewer than k name m's value only by dropping zeros. Anything else (more digits than that, |x| < 1,
 * not finite: null) takes String(x).
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
  }
  return pos + buf.write(Number.isFinite(x) ? String(x) : 'null', pos, 'latin1');
}
