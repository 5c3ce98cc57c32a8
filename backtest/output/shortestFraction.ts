import { writeDigits } from './decimalDigits.ts';

/** 5^j for j = 0 to 17: exact (5^17 < 2^40). */
const POW5 = Array.from({ length: 18 }, (_, j) => 5 ** j);
/** 2^s for s = 0 to 52. */
const POW2 = Array.from({ length: 53 }, (_, s) => 2 ** s);

/**
 * Writes at `at` the point and the fewest fraction digits, from `from` up to `to`, that read back
 * as `a` (1 ≤ a < 2^32, not whole) with its integer part, the nearest such decimal (the even one
 * of two as near): Number::toString's choice. Returns the end, or −1 when whole-number arithmetic
 * below 2^53 cannot decide (the caller then takes String).
 * Why it is exact: f = a − ⌊a⌋ is exact (Sterbenz) and is F / 2^E for a whole F, a's ulp being
 * 2^−E (E = 52 − ⌊log2 a⌋). A decimal D / 10^j reads back as a when it lies within half an ulp
 * of f: |D / 10^j − F / 2^E| < 2^−E / 2, that is |D · 2^(E−j) − F · 5^j| · 2 < 5^j, whole
 * numbers all, and exact in doubles while F · 5^j < 2^53. Equality never happens (5^j is odd),
 * so no tie of rounding arises; the nearest D is ⌊F · 5^j / 2^(E−j)⌋ or one more.
 */
export function writeShortestFraction(
  buf: Uint8Array,
  at: number,
  a: number,
  from: number,
  to: number,
): number {
  const whole = Math.floor(a);
  const e = 52 - (31 - Math.clz32(whole));
  const f = (a - whole) * (POW2[e] ?? Number.NaN);
  for (let j = from; j <= to; j++) {
    const five = POW5[j] ?? Number.NaN;
    const n = f * five;
    if (!(n < 2 ** 53)) return -1;
    const step = POW2[e - j] ?? Number.NaN;
    const d = Math.floor(n / step);
    const below = n - d * step;
    const above = step - below;
    if (2 * below < five || 2 * above < five) {
      const up = above < below || (above === below && d % 2 === 1);
      buf[at] = 0x2e;
      writeDigits(buf, at + 1 + j, up ? d + 1 : d, j);
      return at + 1 + j;
    }
  }
  return -1;
}
