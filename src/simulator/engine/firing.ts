import { exactNumber } from '../../domain/exactNumber.ts';
import { isolatedLiquidationPrice } from './accounting.ts';
import { beginClose } from './beginClose.ts';
import type { EngineCore } from './EngineCore.ts';
import { fillClose, fillOpen } from './fills.ts';
import { liquidate } from './liquidation.ts';
import { unreserve } from './reservation.ts';
import type { SymbolWatch } from './SymbolWatch.ts';
import { moveRequest } from './simStatus.ts';
import type { Quote, Request } from './state.ts';
import { dueTriggers } from './triggers.ts';

/** Acts on everything `price` crosses on one symbol: LIMITs lock, TP/SL close, isolated positions liquidate. */
export function fireTriggers(h: EngineCore, w: SymbolWatch, price: number): void {
  for (const hit of dueTriggers(w, price)) {
    if (hit.kind === 'limit') triggerLimit(h, w, hit.request);
    else if (hit.kind === 'tpsl') triggerTpSl(h, hit.quote, hit.which);
    else if (hit.quote.status !== 'LIQUIDATED') liquidate(h, [hit.quote]);
  }
  w.rebuild(isolatedLiquidationPrice);
}

function triggerLimit(h: EngineCore, w: SymbolWatch, r: Request): void {
  w.limits.delete(r);
  if (r.kind === 'open') {
    moveRequest(r, 'LOCKED', h.clock.now());
    h.setQuoteStatus(r.quote, 'LOCKED');
    h.dueQueue.add(h.latency(), fillOpen, r.quote);
  } else h.dueQueue.add(h.latency(), fillClose, r);
}

function triggerTpSl(h: EngineCore, q: Quote, which: string): void {
  h.watchOf(q).tpsl.delete(q);
  if (q.status !== 'OPENED') return;
  const qty = exactNumber(q.quantity.minus(q.closedAmount));
  q.takeProfit = null;
  q.stopLoss = null;
  const r = beginClose(h, q, { quantityToClose: qty, orderType: 'MARKET' });
  h.dueQueue.add(h.latency(), fillClose, r);
  r.reason = `${which} triggered`;
  q.tpslClose = r.tempId;
}

/** Rests a LIMIT open or close until the mark crosses it or its time is up; it may cross at once. */
export function restLimit(h: EngineCore, r: Request): void {
  const w = h.watchOf(r.quote);
  w.limits.add(r);
  w.watchLimit(r);
  h.dueQueue.add(h.limitTtlMs, expire, r);
  const mark = h.markOf(r.quote.market.spec.symbol);
  if (w.mayTrigger(mark)) fireTriggers(h, w, mark);
}

/** A LIMIT still resting when its time is up ends EXPIRED (a close: the position stays open). */
function expire(h: EngineCore, r: Request): void {
  const q = r.quote;
  const w = h.watchOf(q);
  // Out of the LIMIT watch: the quiet band may stay narrower (see SymbolWatch).
  if (!w.limits.delete(r)) return;
  if (r.kind === 'open') {
    q.subaccount.live.delete(q);
    unreserve(q);
    h.setQuoteStatus(q, 'EXPIRED');
  } else {
    q.closeRequest = null;
    h.setQuoteStatus(q, 'OPENED');
    h.watchTpSl(q);
  }
  h.finish(r, 'EXPIRED', `the LIMIT rested ${h.limitTtlMs} ms unfilled`);
}
