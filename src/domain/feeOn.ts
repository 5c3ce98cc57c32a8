import { isOwnSum } from './addTo.ts';
import { Decimal, ZERO } from './money.ts';

/** −0: what decimal.js gives for a zero product of factors of opposite signs. */
const MINUS_ZERO = new Decimal(-0);

/**
 * `amount × by × rate` (`by` left out: `amount × rate`), the products made in that order: the
 * fee on a notional. A zero rate, a backtest without fees, gives the signed zero decimal.js
 * would give (the sign is the product of the factors' signs) without building the products.
 */
export function feeOn(rate: Decimal, amount: Decimal, by?: Decimal): Decimal {
  if (rate.isZero() && amount.isFinite() && (by === undefined || by.isFinite()))
    return amount.s * (by === undefined ? 1 : by.s) * rate.s < 0 ? MINUS_ZERO : ZERO;
  return (by === undefined ? amount : amount.times(by)).times(rate);
}

/**
 * `total − fee`. A zero fee leaves a non-zero total within the precision as it is: decimal.js
 * would copy it (its value unchanged) for nothing. A zero total is left to decimal.js, which
 * decides the sign of the zero difference.
 */
export function lessFee(total: Decimal, fee: Decimal): Decimal {
  return fee.isZero() && total.isFinite() && isOwnSum(total) ? total : total.minus(fee);
}
