import { isOwnSum } from '../../domain/addTo.ts';
import { type Decimal, ZERO } from '../../domain/money.ts';
import type { SimMarket } from '../markets.ts';
import { approxNumber } from './approxNumber.ts';
import { sameDecimal } from './sameDecimal.ts';
import type { Subaccount } from './state.ts';

/**
 * A cross subaccount's aggregate exposure on one market, kept incrementally so that balance,
 * margin checks and liquidation cost O(markets held), not O(positions): with net quantity q
 * and net cost c (both signed, long positive), uPnL = mark·q − c.
 */
export interface Exposure {
  readonly market: SimMarket;
  netQty: Decimal;
  netCost: Decimal;
  grossQty: Decimal;
  margin: Decimal;
  /** Float mirrors for the liquidation check and the margin check's fast path. */
  nNet: number;
  nCost: number;
  nGross: number;
  nMargin: number;
}

/** Adds (dir 1) or removes (dir −1) `qty` of a position on `market`; `notional` is qty × entry price. */
export function applyExposure(
  sub: Subaccount,
  market: SimMarket,
  long: boolean,
  qty: Decimal,
  notional: Decimal,
  margin: Decimal,
  dir: 1 | -1,
): Exposure {
  const key: string = market.spec.symbol;
  let e = sub.exposures.get(key);
  if (!e && dir === 1 && isOwnSum(qty) && isOwnSum(notional) && isOwnSum(margin))
    return firstExposure(sub, market, long, qty, notional, margin);
  if (!e) {
    e = {
      market,
      netQty: ZERO,
      netCost: ZERO,
      grossQty: ZERO,
      margin: ZERO,
      nNet: 0,
      nCost: 0,
      nGross: 0,
      nMargin: 0,
    };
    sub.exposures.set(e);
  }
  const adds = long === (dir === 1);
  e.netQty = adds ? e.netQty.plus(qty) : e.netQty.minus(qty);
  e.netCost = adds ? e.netCost.plus(notional) : e.netCost.minus(notional);
  e.grossQty = dir === 1 ? e.grossQty.plus(qty) : e.grossQty.minus(qty);
  e.margin = dir === 1 ? e.margin.plus(margin) : e.margin.minus(margin);
  e.nNet = approxNumber(e.netQty);
  e.nCost = approxNumber(e.netCost);
  e.nGross = approxNumber(e.grossQty);
  e.nMargin = approxNumber(e.margin);
  if (e.grossQty.isZero()) sub.exposures.delete(key);
  return e;
}

/**
 * The first position on a market: its exposure is that position, the sums ZERO + x taken as x
 * itself (the same value: within the precision, the addition only copies it).
 */
function firstExposure(
  sub: Subaccount,
  market: SimMarket,
  long: boolean,
  qty: Decimal,
  notional: Decimal,
  margin: Decimal,
): Exposure {
  const netQty = long ? qty : qty.neg();
  const netCost = long ? notional : notional.neg();
  const e: Exposure = {
    market,
    netQty,
    netCost,
    grossQty: qty,
    margin,
    nNet: approxNumber(netQty),
    nCost: approxNumber(netCost),
    nGross: approxNumber(qty),
    nMargin: approxNumber(margin),
  };
  sub.exposures.set(e);
  return e;
}

/**
 * Removes a closed `qty` of a position opened at `entry`; whether the subaccount still holds
 * exposure on `market`. Closing the market's whole gross quantity deletes the exposure, so its
 * sums are not worked out (the notional is not even built): nothing reads a deleted exposure.
 */
export function removeExposure(
  sub: Subaccount,
  market: SimMarket,
  long: boolean,
  qty: Decimal,
  entry: Decimal,
  margin: Decimal,
): boolean {
  const e = sub.exposures.get(market.spec.symbol);
  // gross − qty is zero exactly when they are equal: a non-zero difference never rounds to zero.
  if (e !== undefined && sameDecimal(e.grossQty, qty)) {
    sub.exposures.delete(market.spec.symbol);
    return false;
  }
  return applyExposure(sub, market, long, qty, qty.times(entry), margin, -1).grossQty.isPositive();
}
