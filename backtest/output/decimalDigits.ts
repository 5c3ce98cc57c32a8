/** "00" to "99": two digits' bytes at 2n (half the divisions of one digit at a time). */
export const PAIRS = Uint8Array.from({ length: 200 }, (_, i) =>
  i % 2 === 0 ? 0x30 + Math.floor(i / 20) : 0x30 + ((i >> 1) % 10),
);

/** The number of decimal digits of a whole 1 ≤ n < 10^15 (at most four comparisons). */
export function digitCount(n: number): number {
  if (n < 1e8) {
    if (n < 1e4) return n < 100 ? (n < 10 ? 1 : 2) : n < 1000 ? 3 : 4;
    return n < 1e6 ? (n < 1e5 ? 5 : 6) : n < 1e7 ? 7 : 8;
  }
  if (n < 1e12) return n < 1e10 ? (n < 1e9 ? 9 : 10) : n < 1e11 ? 11 : 12;
  return n < 1e14 ? (n < 1e13 ? 13 : 14) : 15;
}

/** The last `count` decimal digits of a whole 0 ≤ n < 2^53 (leading zeros too), ending just before `end`. */
export function writeDigits(buf: Uint8Array, end: number, n: number, count: number): void {
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
  while (at - start >= 2) {
    const q = (v / 100) | 0;
    const pair = (v - q * 100) << 1;
    buf[--at] = PAIRS[pair + 1] ?? 0;
    buf[--at] = PAIRS[pair] ?? 0;
    v = q;
  }
  if (at > start) buf[--at] = 0x30 + v - ((v / 10) | 0) * 10;
}
