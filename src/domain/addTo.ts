import { Decimal } from './money.ts';

/**
 * Whether ZERO ± x is x's value exactly, so the sum need not be made: x non-zero (a sum of zeros
 * takes ZERO's sign) and its digits within the precision (at most 7 per word of `d`).
 */
export function isOwnSum(x: Decimal): boolean {
  return !x.isZero() && x.d.length * 7 <= Decimal.precision;
}

/** `total.plus(x)`, without the copy and the sum when `total` is zero and the sum is `x` itself. */
export function addTo(total: Decimal, x: Decimal): Decimal {
  return total.isZero() && isOwnSum(x) ? x : total.plus(x);
}
