import { type Decimal, dec } from '../../domain/money.ts';
import type { OrderType, PositionSide } from '../../domain/side.ts';
import type { SimMarket } from '../markets.ts';
import { beginClose, type CloseParams, DEFAULT_SLIPPAGE } from './beginClose.ts';
import type { EngineCore } from './EngineCore.ts';
import { fillClose, fillOpen } from './fills.ts';
import { restLimit } from './firing.ts';
import { openNeed, openNeedN } from './openCost.ts';
import { newQuote, newRequest } from './records.ts';
import { reserve, unreserve } from './reservation.ts';
import { reject } from './SimRejection.ts';
import { moveRequest } from './simStatus.ts';
import type { Quote, Request, Subaccount } from './state.ts';
import { checkNotional, checkPrecision, validateOpen } from './validateOrder.ts';

export interface OpenParams {
  readonly marketId: number;
  readonly positionType: PositionSide;
  readonly orderType: OrderType;
  readonly quantity: number;
  readonly leverage: number;
  readonly slippage?: number | undefined;
  readonly limitPrice?: number | undefined;
  readonly useInstantActions?: boolean | undefined;
  readonly solver?: string | undefined;
}

/** Accepts an open: validated, margin + fees reserved, then filled on the clock (MARKET) or rested (LIMIT). */
export function submitOpen(h: EngineCore, sub: Subaccount, p: OpenParams): Request {
  const market = h.byId.get(p.marketId);
  if (!market) throw reject.business('UNKNOWN_MARKET', `marketId: no market with id ${p.marketId}`);
  const spec = market.spec;
  validateOpen(market, sub, p, h.clock.now());
  const refPrice = h.markOf(spec.symbol);
  const quantity = h.numbers.of(p.quantity);
  const limit = p.limitPrice !== undefined ? h.numbers.of(p.limitPrice) : null;
  const atMark = p.limitPrice ?? refPrice;
  checkNotional(spec, quantity, limit ?? atMark, p.quantity * atMark);
  // Reserved at the price a fill would get now; the exact sums wait for the fill (or a read).
  const long = p.positionType === 'LONG';
  const at = limit ?? h.pricing.solverPrice(market, long);
  const needN = openNeedN(
    p.quantity,
    p.limitPrice ?? h.pricing.solverPriceN(market, long),
    p.leverage,
    spec.hedgerFeeOpen,
  );
  // The exact need is made only when floats cannot decide, or for the refusal's message.
  if (
    !(
      h.ledger.fitsFast(sub, needN) ??
      h.ledger.fitsExact(sub, openNeed(quantity, at, p.leverage, spec.hedgerFeeOpen))
    )
  )
    throw reject.business(
      '4000',
      `insufficient margin: needs ${openNeed(quantity, at, p.leverage, spec.hedgerFeeOpen).toDecimalPlaces(2)}, available ${h.ledger.balance(sub).availableMargin.toDecimalPlaces(2)}`,
    );

  const req = openRecords(h, sub, market, p, quantity, limit, refPrice);
  const quote = req.quote;
  sub.live.add(quote);
  reserve(quote, at, needN);
  if (p.orderType === 'MARKET') h.dueQueue.add(h.latency(), fillOpen, quote);
  else restLimit(h, req);
  return req;
}

/**
 * The quote and open request of an accepted open, linked; `limit` is its LIMIT price, if any.
 * Apart from submitOpen, whose inlining budget they exceeded: here V8 inlines newQuote and
 * newRequest and never builds their option objects (about 300 B less an open).
 */
function openRecords(
  h: EngineCore,
  sub: Subaccount,
  market: SimMarket,
  p: OpenParams,
  quantity: Decimal,
  limit: Decimal | null,
  refPrice: number,
): Request {
  const now = h.clock.now();
  const tempId = h.nextTempId();
  const quote = newQuote({
    tempId,
    subaccount: sub,
    market,
    side: p.positionType,
    orderType: p.orderType,
    quantity,
    leverage: p.leverage,
    limitPrice: limit,
    slippage: p.slippage !== undefined ? h.numbers.of(p.slippage) : DEFAULT_SLIPPAGE,
    refPrice,
    now,
  });
  const req = h.track(
    newRequest({
      tempId,
      kind: 'open',
      quote,
      quantity,
      orderType: p.orderType,
      price: quote.limitPrice,
      slippage: quote.slippage,
      refPrice,
      now,
    }),
  );
  quote.openRequest = req;
  return req;
}

/** Accepts a close of an OPENED position: filled on the clock (MARKET) or rested (LIMIT). */
export function submitClose(h: EngineCore, quote: Quote, p: CloseParams): Request {
  const req = beginClose(h, quote, p);
  if (p.orderType === 'MARKET') h.dueQueue.add(h.latency(), fillClose, req);
  else restLimit(h, req);
  return req;
}

/** Cancels a pending open; answered later with CANCELED, or OPENED when the fill won the race. */
export function submitCancelOpen(h: EngineCore, quote: Quote): Request {
  if (quote.status !== 'PENDING' && quote.status !== 'LOCKED')
    throw reject.business(
      'INVALID_STATE',
      `open ${quote.tempId} is ${quote.status}: only PENDING or LOCKED opens can be cancelled`,
    );
  const open = quote.openRequest;
  if (open === null) throw new Error(`open ${quote.tempId} has no open request`);
  const req = h.track(
    newRequest({
      tempId: h.nextTempId(),
      kind: 'cancelOpen',
      quote,
      quantity: quote.quantity,
      orderType: quote.orderType,
      target: open,
      now: h.clock.now(),
    }),
  );
  h.setQuoteStatus(quote, 'CANCEL_PENDING');
  moveRequest(open, 'CANCEL_PENDING', h.clock.now());
  h.dueQueue.add(h.latency(), () => {
    // The fill won the race (OPENED), or the open ended otherwise before the cancel landed.
    if (quote.status !== 'CANCEL_PENDING')
      return open.status === 'OPENED'
        ? h.finish(req, 'OPENED', 'the open filled before the cancel')
        : open.status === 'EXPIRED'
          ? h.finish(req, 'EXPIRED', 'the open expired before the cancel')
          : h.finish(req, 'FAILED', `the open ended ${open.status} before the cancel`);
    // Out of the LIMIT watch: the quiet band may stay narrower (see SymbolWatch).
    h.watchOf(quote).limits.delete(open);
    quote.subaccount.live.delete(quote);
    unreserve(quote);
    h.setQuoteStatus(quote, 'CANCELED');
    h.finish(open, 'CANCELED');
    h.finish(req, 'CANCELED');
  });
  return req;
}

/** Cancels a pending close; the position returns to OPENED unless the close filled first. */
export function submitCancelClose(h: EngineCore, close: Request): Request {
  const quote = close.quote;
  if (close.status !== 'CLOSE_PENDING')
    throw reject.business(
      'INVALID_STATE',
      `close request ${close.tempId} is ${close.status}, not CLOSE_PENDING`,
    );
  const req = h.track(
    newRequest({
      tempId: h.nextTempId(),
      kind: 'cancelClose',
      quote,
      quantity: close.quantity,
      orderType: close.orderType,
      target: close,
      now: h.clock.now(),
    }),
  );
  moveRequest(close, 'CANCEL_CLOSE_PENDING', h.clock.now());
  h.setQuoteStatus(quote, 'CANCEL_CLOSE_PENDING');
  h.dueQueue.add(h.latency(), () => {
    if (close.status !== 'CANCEL_CLOSE_PENDING')
      return close.status === 'CLOSED' || close.status === 'OPENED'
        ? h.finish(req, close.status, 'the close filled before the cancel')
        : close.status === 'EXPIRED'
          ? h.finish(req, 'EXPIRED', 'the close expired before the cancel')
          : h.finish(req, 'FAILED', `the close ended ${close.status} before the cancel`);
    h.watchOf(quote).limits.delete(close);
    quote.closeRequest = null;
    h.setQuoteStatus(quote, 'OPENED');
    h.finish(close, 'OPENED', 'close cancelled');
    h.finish(req, 'OPENED');
    h.watchTpSl(quote);
  });
  return req;
}

/** Sets, replaces or (null) clears TP/SL of an OPENED position; each must lie on its side of the mark. */
export function setTpSl(
  h: EngineCore,
  quote: Quote,
  tp: number | null | undefined,
  sl: number | null | undefined,
): void {
  const spec = quote.market.spec;
  if (quote.status !== 'OPENED')
    throw reject.business(
      'INVALID_STATE',
      `position ${quote.quoteId ?? quote.tempId} is ${quote.status}, not OPENED`,
    );
  const mark = h.markOf(spec.symbol);
  const long = quote.side === 'LONG';
  if (tp !== undefined && tp !== null) {
    checkPrecision('takeProfit', tp, spec.pricePrecision);
    if (long ? tp <= mark : tp >= mark)
      throw reject.business(
        'INVALID_TPSL',
        `takeProfit: ${tp} must be ${long ? 'above' : 'below'} the mark ${mark} for a ${quote.side}`,
      );
    quote.takeProfit = dec(tp);
  } else if (tp === null) quote.takeProfit = null;
  if (sl !== undefined && sl !== null) {
    checkPrecision('stopLoss', sl, spec.pricePrecision);
    if (long ? sl >= mark : sl <= mark)
      throw reject.business(
        'INVALID_TPSL',
        `stopLoss: ${sl} must be ${long ? 'below' : 'above'} the mark ${mark} for a ${quote.side}`,
      );
    quote.stopLoss = dec(sl);
  } else if (sl === null) quote.stopLoss = null;
  quote.updatedAt = h.clock.now();
  h.watchTpSl(quote);
}
