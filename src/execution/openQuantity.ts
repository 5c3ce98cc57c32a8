import { exactNumber } from '../domain/exactNumber.ts';
import { type MarketSpec, quantityStep, roundQuantity } from '../domain/market.ts';
import { type Decimal, roundTo } from '../domain/money.ts';

/**
 * The quantity an open sends: rounded down to the market's step, so never more than was asked —
 * unless that puts its notional, at `price` (the latest mark, or the limit price), under the
 * market's minimum while what was asked is within one step of it. A strategy sizing by a notional
 * at the minimum (say 100, with 0.001 BTC ≈ 95 a step) computes its quantity at a bar's close: rounded
 * down, at a slightly different price, it lands under the minimum and the venue refuses it. It then
 * goes out as the smallest quantity the market takes. Asked well below the minimum, it is sent as
 * asked and the venue's refusal says why.
 */
export function openQuantity(spec: MarketSpec, asked: Decimal, price: Decimal | undefined): Decimal {
  const down = roundQuantity(spec, asked);
  // `price > 0` without the Decimal that comparing with the number 0 builds (NaN: false, as gt).
  if (price === undefined || !price.isPositive() || price.isZero()) return down;
  const min = spec.minNotional;
  if (clearlyAtLeast(down, price, min)) return down;
  if (!down.times(price).lessThan(min)) return down;
  if (asked.plus(quantityStep(spec)).times(price).lessThan(min)) return down;
  return roundTo(min.div(price), spec.quantityPrecision, 'up');
}

/**
 * Whether q × p ≥ m, answered in doubles when the product is clearly above: each operand is the
 * double nearest it (relative error ≤ 2⁻⁵³; one out of range is ±∞ or 0, and the test then fails or
 * holds as the exact one would), the product and the margin's product add one rounding each, so
 * a double product above m × (1 + 10⁻⁹) means the exact one is above m (5 × 2⁻⁵³ ≪ 10⁻⁹). Near
 * the minimum, or for anything not a positive number, the answer is false and Decimal decides.
 */
function clearlyAtLeast(q: Decimal, p: Decimal, m: Decimal): boolean {
  return exactNumber(q) * exactNumber(p) > exactNumber(m) * (1 + 1e-9);
}
