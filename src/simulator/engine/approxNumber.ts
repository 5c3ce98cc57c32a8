import type { Decimal } from '../../domain/money.ts';

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
 * A Decimal as a float within a few parts in 10^16, read off its base-1e7 words instead of
 * printing and re-parsing it (what `toNumber` does). Only for the float mirrors that a
 * fast path checks with a tolerance far wider than this error; money stays Decimal.
 */
export function approxNumber(x: Decimal): number {
  const words = x.d;
  if (!words || x.e > 290 || x.e < -290) return x.toNumber(); // NaN, ±Infinity, or near the float range's ends
  const lead = words[0] ?? 0;
  if (lead === 0) return 0;
  // At least 17 significant digits, which is all a double holds.
  let coefficient = lead;
  let used = 1;
  while (used < words.length && coefficient < 1e16) coefficient = coefficient * 1e7 + (words[used++] ?? 0);
  const power = x.e - (digitsOf(lead) - 1) - 7 * (used - 1);
  const magnitude = power >= 0 ? coefficient * 10 ** power : coefficient / 10 ** -power;
  return x.s < 0 ? -magnitude : magnitude;
}
