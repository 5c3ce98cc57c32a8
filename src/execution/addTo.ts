import { Decimal } from '../domain/money.ts';

/**
 * `total.plus(x)`, without the copy and the sum when `total` is zero: `plus` then returns `x`
 * rounded to the precision, which is `x` itself when its digits fit (7 per word of `d`).
 */
export function addTo(total: Decimal, x: Decimal): Decimal {
  return total.isZero() && !x.isZero() && x.d.length * 7 <= Decimal.precision ? x : total.plus(x);
}
