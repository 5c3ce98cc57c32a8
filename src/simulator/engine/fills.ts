import { lessFee } from '../../domain/feeOn.ts';
import type { Decimal } from '../../domain/money.ts';
import type { VenueStatus } from '../../domain/venueStatus.ts';
import { isolatedLiquidationPrice, realizeClose } from './accounting.ts';
import { approxNumber } from './approxNumber.ts';
import type { EngineCore } from './EngineCore.ts';
import { applyExposure } from './Exposure.ts';
import { needOf, openCost } from './openCost.ts';
import { unreserve } from './reservation.ts';
import { sameDecimal } from './sameDecimal.ts';
import type { Quote, Request } from './state.ts';

/** Fills an open at the solver's price, or fails it; true when it filled. */
export function fillOpen(h: EngineCore, q: Quote): boolean {
  const open = q.openRequest;
  if (open === null) throw new Error(`open ${q.tempId} has no open request to fill`);
  if (q.status === 'CANCELED' || q.status === 'FAILED') return false;
  const spec = q.market.spec;
  if (h.refused()) return failOpen(h, q, open, '4006', 'the solver refused the quote');
  const limit = q.orderType === 'LIMIT' ? q.limitPrice : null;
  const fill = h.pricing.fillPrice(q.market, q.side === 'LONG', limit, q.refPrice, q.slippage);
  if ('refusal' in fill) return failOpen(h, q, open, '4104', fill.refusal);
  const { price } = fill;
  const cost =
    q.reservedAt === price ? h.ledger.costOf(q) : openCost(q.quantity, price, q.leverage, spec.hedgerFeeOpen);
  const { margin, fees } = cost;
  // Re-check solvency at the fill price, without this quote's own reservation.
  unreserve(q);
  const sub = q.subaccount;
  if (
    !(
      h.ledger.fitsFast(sub, approxNumber(margin) + approxNumber(fees)) ??
      h.ledger.fitsExact(sub, needOf(cost))
    )
  ) {
    q.subaccount.live.delete(q);
    h.setQuoteStatus(q, 'FAILED');
    h.fail(open, '4000', 'insufficient margin at fill');
    return false;
  }
  q.openedPrice = price;
  q.margin = margin;
  q.quoteId = h.byQuoteId.issue();
  h.byQuoteId.store(q.quoteId, q);
  const w = h.watchOf(q);
  sub.collateral = lessFee(sub.collateral, fees);
  if (q.marginMode === 'isolated') sub.collateral = sub.collateral.minus(margin);
  else {
    applyExposure(sub, q.market, q.side === 'LONG', q.quantity, cost.notional, margin, 1);
    w.crossSubs.add(sub);
  }
  const cancel = q.status === 'CANCEL_PENDING';
  h.setQuoteStatus(q, 'OPENED');
  open.filledQuantity = q.quantity;
  open.avgPrice = price;
  h.finish(open, 'OPENED');
  if (cancel) w.limits.delete(open);
  w.live.add(q);
  if (q.marginMode === 'isolated') {
    w.isolated.add(q);
    w.watchQuote(q, isolatedLiquidationPrice);
  }
  return true;
}

/** Fills a close (whole or partial), or sends the position back to OPENED; true when it filled. */
export function fillClose(h: EngineCore, r: Request): boolean {
  const q = r.quote;
  if (r.status !== 'CLOSE_PENDING' && r.status !== 'CANCEL_CLOSE_PENDING') return false;
  const spec = q.market.spec;
  if (h.refused()) return sendBack(h, r, '4006', 'the solver refused the close');
  const limit = r.orderType === 'LIMIT' ? r.price : null;
  const fill = h.pricing.fillPrice(q.market, q.side === 'SHORT', limit, r.refPrice, r.slippage);
  if ('refusal' in fill) return sendBack(h, r, '4104', fill.refusal);
  const { price } = fill;
  realize(h, q, r.quantity, price, spec.hedgerFeeClose);
  q.closeRequest = null;
  r.filledQuantity = r.quantity;
  r.avgPrice = price;
  // Nothing remains exactly when they are equal (a non-zero difference never rounds to zero).
  if (sameDecimal(q.closedAmount, q.quantity)) {
    retire(h, q, 'CLOSED');
    h.finish(r, 'CLOSED');
  } else {
    h.setQuoteStatus(q, 'OPENED');
    h.finish(r, 'OPENED', 'partially closed: the remainder stays open');
    h.watchTpSl(q);
  }
  return true;
}

/** An open that did not fill: out of the live list, its reservation back, FAILED with `code`. */
function failOpen(h: EngineCore, q: Quote, open: Request, code: string, reason: string): false {
  q.subaccount.live.delete(q);
  unreserve(q);
  h.setQuoteStatus(q, 'FAILED');
  h.fail(open, code, reason);
  return false;
}

/** A close that did not fill: FAILED with `code`, its position OPENED again under its TP/SL. */
function sendBack(h: EngineCore, r: Request, code: string, reason: string): false {
  const q = r.quote;
  q.closeRequest = null;
  h.setQuoteStatus(q, 'OPENED');
  h.fail(r, code, reason);
  h.watchTpSl(q);
  return false;
}

/** Books a close of `qty` at `price`: PnL and fees into collateral, margin released pro rata. */
export function realize(h: EngineCore, q: Quote, qty: Decimal, price: Decimal, solverFee: Decimal): void {
  if (!realizeClose(q, qty, price, solverFee)) h.watchOf(q).crossSubs.delete(q.subaccount);
}

/** Takes a quote out of every index with its final status. */
export function retire(h: EngineCore, q: Quote, status: VenueStatus): void {
  const w = h.watchOf(q);
  q.subaccount.live.delete(q);
  w.live.delete(q);
  w.isolated.delete(q);
  w.tpsl.delete(q);
  if (q.closeRequest) w.limits.delete(q.closeRequest);
  q.takeProfit = null;
  q.stopLoss = null;
  // Out of every watch: the quiet band may stay narrower (see SymbolWatch).
  h.setQuoteStatus(q, status);
}
