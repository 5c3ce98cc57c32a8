import { type Decimal, dec, roundTo } from '../domain/money.ts';
import type { TpSlRequestOrder } from '../domain/requestOrder.ts';
import type { PositionSide } from '../domain/side.ts';
import type { TpSlLeg } from './TpSlBook.ts';

const ONE = dec(1);

/**
 * The price of a leg given as a fraction of the fill: a long's TP at fill × (1 + fraction) and SL
 * at fill × (1 − fraction), a short's mirrored. Rounded to the price grid away from the fill (a
 * long's TP and a short's SL up, the others down), so with 0 < fraction < 1 it lies strictly on
 * its side of the fill, never closer to it than asked. A short's TP may round to 0 on a tiny
 * price: the caller refuses that.
 */
export function relativeLegPrice(
  side: PositionSide,
  leg: TpSlLeg,
  fill: Decimal,
  fraction: Decimal,
  pricePrecision: number,
): Decimal {
  const above = (side === 'LONG') === (leg === 'takeProfit');
  const raw = fill.times(above ? ONE.plus(fraction) : ONE.minus(fraction));
  return roundTo(raw, pricePrecision, above ? 'up' : 'down');
}

/** Whether a TP/SL order still has a relative leg without its price: it waits for the fill. */
export const unresolved = (o: TpSlRequestOrder): boolean =>
  (o.relative?.takeProfit !== undefined && o.takeProfit === undefined) ||
  (o.relative?.stopLoss !== undefined && o.stopLoss === undefined);

/**
 * The order with its relative legs priced from `fill`; the fractions stay beside the prices, for
 * the audit. A string says why it cannot be: a price that rounds to 0 or less.
 */
export function resolveTpSl(
  o: TpSlRequestOrder,
  side: PositionSide,
  fill: Decimal,
): TpSlRequestOrder | string {
  const rel = o.relative;
  if (rel === undefined || !unresolved(o)) return o;
  const out: { -readonly [K in keyof TpSlRequestOrder]: TpSlRequestOrder[K] } = { ...o };
  for (const name of ['takeProfit', 'stopLoss'] as const) {
    const fraction = rel[name];
    if (fraction === undefined || o[name] !== undefined) continue;
    const price = relativeLegPrice(side, name, fill, fraction, rel.pricePrecision);
    if (!price.greaterThan(0))
      return `${name} ${fraction} of the fill ${fill} rounds to ${price} at precision ${rel.pricePrecision}`;
    out[name] = price;
  }
  return out;
}
