import type { Decimal } from '../../domain/money.ts';

/** 10^0 … 10^22 as literals: each is a double exactly (5^22 < 2^53), which `10 ** n` is not sure to give. */
const POWERS = [
  1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
  1e20, 1e21, 1e22,
] as const;

/** Decimal digits of a base-1e7 word (1 … 7). */
const digitsOf = (word: number): number =>
  word >= 1e6
    ? 7
    : word >= 1e5
      ? 6
      : word >= 1e4
        ? 5
        : word >= 1e3
          ? 4
          : word >= 100
            ? 3
            : word >= 10
              ? 2
              : 1;

/**
 * `x.toNumber()` exactly, without printing and re-parsing `x` when it has at most 15 significant
 * digits and 10^±22 is the largest power in play: the coefficient and the power of ten are then
 * both doubles exactly, so one multiplication or division rounds once, to the nearest double —
 * which is what parsing the text gives (Clinger's fast path). Anything else is left to toNumber.
 */
export function exactNumber(x: Decimal): number {
  const words = x.d;
  // NaN, ±Infinity, or more than 15 digits for sure (three words hold at least 15).
  if (!words || words.length > 3) return x.toNumber();
  const lead = words[0] ?? 0;
  if (lead === 0) return x.s < 0 ? -0 : 0;
  // Words sit at powers of 1e7: the last one's trailing zeros are not significant digits.
  const last = words.length - 1;
  let tail = words[last] ?? 0;
  let tailDigits = last === 0 ? digitsOf(lead) : 7;
  while (tail !== 0 && tail % 10 === 0) {
    tail /= 10;
    tailDigits--;
  }
  const digits = (last === 0 ? 0 : digitsOf(lead) + 7 * (last - 1)) + tailDigits;
  if (digits > 15) return x.toNumber();
  let coefficient = 0;
  for (let i = 0; i < last; i++) coefficient = coefficient * 1e7 + (words[i] ?? 0);
  coefficient = coefficient * (POWERS[tailDigits] ?? 1) + tail;
  const power = x.e - (digits - 1);
  const scale = POWERS[power < 0 ? -power : power];
  if (scale === undefined) return x.toNumber();
  const magnitude = power < 0 ? coefficient / scale : coefficient * scale;
  return x.s < 0 ? -magnitude : magnitude;
}
