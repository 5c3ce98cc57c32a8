import { addTo } from '../../domain/addTo.ts';
import { exactNumber } from '../../domain/exactNumber.ts';
import { feeOn, lessFee } from '../../domain/feeOn.ts';
import { Decimal, dec, ZERO } from '../../domain/money.ts';
import { VenueFacts } from '../../domain/venueFacts.ts';
import { removeExposure } from './Exposure.ts';
import { sameDecimal } from './sameDecimal.ts';
import type { Quote, Subaccount } from './state.ts';

/** The platform's fee on open and close (VenueFacts: one copy for client and simulator). */
export const PLATFORM_FEE = VenueFacts.platformFeeRate;

const feeRates = new WeakMap<Decimal, Decimal>();

/** Platform plus solver fee rate on a side, built once per solver fee (a fill needs it every time). */
export function feeRate(solverFee: Decimal): Decimal {
  let rate = feeRates.get(solverFee);
  if (!rate) {
    rate = PLATFORM_FEE.plus(solverFee);
    feeRates.set(solverFee, rate);
  }
  return rate;
}

export type MarkOf = (symbol: string) => number;

export interface BalanceSheet {
  readonly allocated: Decimal;
  readonly equity: Decimal;
  readonly availableMargin: Decimal;
  readonly lockedMargin: Decimal;
  readonly unrealizedPnl: Decimal;
  readonly maintenanceMargin: Decimal;
}

export function unrealizedPnl(q: Quote, markOf: MarkOf): Decimal {
  if (!q.openedPrice) return ZERO;
  const mark = dec(markOf(q.market.spec.symbol));
  const diff = q.side === 'LONG' ? mark.minus(q.openedPrice) : q.openedPrice.minus(mark);
  return diff.times(q.quantity.minus(q.closedAmount));
}

/**
 * Cross-margin balance from the aggregate exposures: equity = collateral + uPnL; locked = open
 * positions' margin + pending opens' reservations (`reserved`, exact); available = equity − locked.
 */
export function balanceOf(sub: Subaccount, markOf: MarkOf, reserved: Decimal): BalanceSheet {
  let upnl = ZERO;
  let locked = reserved;
  let mm = ZERO;
  for (const e of sub.exposures.values()) {
    const mark = markOf(e.market.spec.symbol);
    upnl = upnl.plus(e.netQty.times(mark).minus(e.netCost));
    locked = locked.plus(e.margin);
    mm = mm.plus(e.grossQty.times(mark * e.market.maintenanceMarginRate));
  }
  const equity = sub.collateral.plus(upnl);
  return {
    allocated: sub.collateral,
    equity,
    availableMargin: equity.minus(locked),
    lockedMargin: locked,
    unrealizedPnl: upnl,
    maintenanceMargin: mm,
  };
}

/**
 * Whether a need of `n` (floats) fits in the available margin, as comparing the exact need with
 * `balanceOf(…).availableMargin` would decide; undefined when floats cannot tell, and the caller
 * decides in Decimal. Floats decide when the gap is a billion times larger than their rounding
 * error plus the drift bound of the reservations' float sum, which is nearly always.
 */
export function fitsInMarginFast(
  sub: Subaccount,
  n: number,
  collateral: number,
  markOf: MarkOf,
): boolean | undefined {
  const reserved = sub.reservedN;
  let gap = collateral - reserved - n;
  let scale = Math.abs(collateral) + Math.abs(reserved) + Math.abs(n) + 1;
  for (const e of sub.exposures.values()) {
    const value = markOf(e.market.spec.symbol) * e.nNet;
    gap += value - e.nCost - e.nMargin;
    scale += Math.abs(value) + Math.abs(e.nCost) + Math.abs(e.nMargin);
  }
  if (Math.abs(gap) > 1e-9 * scale + sub.reservedErr) return gap >= 0;
  return undefined;
}

/**
 * Books a close of `qty` at `price`: PnL and fees into collateral, margin released pro rata
 * (back to the collateral for an isolated position). Returns whether the subaccount still
 * holds cross exposure on the market.
 */
export function realizeClose(q: Quote, qty: Decimal, price: Decimal, solverFee: Decimal): boolean {
  const entry = q.openedPrice;
  if (entry === null) throw new Error(`position ${q.tempId} closes without an opened price`);
  const pnl = (q.side === 'LONG' ? price.minus(entry) : entry.minus(price)).times(qty);
  const fees = feeOn(feeRate(solverFee), qty, price);
  const released = releasedMargin(q, qty);
  const sub = q.subaccount;
  sub.collateral = lessFee(sub.collateral.plus(pnl), fees);
  let stillExposed = true;
  if (q.marginMode === 'isolated') sub.collateral = sub.collateral.plus(released);
  else stillExposed = removeExposure(sub, q.market, q.side === 'LONG', qty, entry, released);
  // A whole close releases the whole margin: x − x is +0 in decimal.js, the value ZERO holds.
  q.margin = released === q.margin ? ZERO : q.margin.minus(released);
  q.realizedPnl = addTo(q.realizedPnl, pnl);
  // The first close: ZERO + qty is qty's value (a quantity is far within the precision).
  q.closedAmount = q.closedAmount.isZero() && qty.sd() <= Decimal.precision ? qty : q.closedAmount.plus(qty);
  return stillExposed;
}

/** What is still open of a position: the quantity itself until a partial close (no Decimal built). */
export function openQuantity(q: Quote): Decimal {
  return q.closedAmount.isZero() ? q.quantity : q.quantity.minus(q.closedAmount);
}

/**
 * margin × qty / open, the margin a close of `qty` releases. A whole close releases the margin
 * itself when the product is exact (digits of both ≤ the precision): the division then gives the
 * margin back unrounded, so three Decimal operations are skipped with the same value.
 */
function releasedMargin(q: Quote, qty: Decimal): Decimal {
  const open = openQuantity(q);
  if (sameDecimal(qty, open) && q.margin.sd() + qty.sd() <= Decimal.precision) return q.margin;
  return q.margin.times(qty).div(open);
}

/** Price at which an isolated position's equity (margin − funding + uPnL) meets its maintenance margin. */
export function isolatedLiquidationPrice(q: Quote): number | null {
  if (!q.openedPrice) return null;
  const qty = exactNumber(q.quantity.minus(q.closedAmount));
  if (qty <= 0) return null;
  const entry = exactNumber(q.openedPrice);
  const margin = exactNumber(q.margin.minus(q.accumulatedFunding));
  const mmr = q.market.maintenanceMarginRate;
  return q.side === 'LONG'
    ? (entry * qty - margin) / (qty * (1 - mmr))
    : (margin + entry * qty) / (qty * (1 + mmr));
}
