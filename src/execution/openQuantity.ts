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
  if (price === undefined || !price.greaterThan(0)) return down;
  const min = spec.minNotional;
  if (!down.times(price).lessThan(min)) return down;
  if (asked.plus(quantityStep(spec)).times(price).lessThan(min)) return down;
  return roundTo(min.div(price), spec.quantityPrecision, 'up');
}
