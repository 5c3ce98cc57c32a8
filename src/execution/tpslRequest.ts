import type { ClientRequestId, IntentId, QuoteId } from '../domain/ids.ts';
import { isRelative, type SetTpSlIntent } from '../domain/intent.ts';
import { type MarketSpec, roundPrice } from '../domain/market.ts';
import type { Decimal } from '../domain/money.ts';
import { newRequest, type RequestBase } from '../domain/newRequest.ts';
import type { RequestRecord } from '../domain/request.ts';
import type { TpSlRequestOrder } from '../domain/requestOrder.ts';
import { isTerminal } from '../domain/requestStatus.ts';
import type { PositionSide } from '../domain/side.ts';
import { DenialReason } from '../risk/denialReason.ts';
import type { BuildContext, Refusal } from './requestBuilder.ts';
import { resolveTpSl, unresolved } from './resolveTpSl.ts';

/** An open's request that filled: the venue holds its quote. */
export const openFilled = (r: RequestRecord | undefined): boolean =>
  r !== undefined &&
  r.kind === 'open' &&
  (r.status === 'FILLED' || r.status === 'RECONCILED_EXECUTED') &&
  r.quoteId !== undefined;

const refuse = (reason: DenialReason, message: string): Refusal => ({ reason, message });

/**
 * A TP/SL intent as the request to journal. Prices are rounded down to the market's precision
 * here, so the journal holds exactly what is sent; a relative leg (`{ fraction }`) is priced here
 * when the position's fill is known, else when it becomes known (resolveTpSl.ts). The position is
 * a quote we hold a lot on, or the open of an intent: filled (its quote), or still on its way (the
 * request waits for the fill, `order.after`); an open that ended without a fill is refused.
 */
export function buildTpSl(
  ctx: BuildContext,
  intent: SetTpSlIntent,
  spec: MarketSpec,
  base: RequestBase,
): RequestRecord | Refusal {
  if (intent.takeProfit === undefined && intent.stopLoss === undefined)
    return refuse(
      DenialReason.UNSUPPORTED,
      'setTpSl names neither takeProfit nor stopLoss (null clears a leg)',
    );
  const legs: { takeProfit?: Decimal | null; stopLoss?: Decimal | null } = {};
  const fractions: { takeProfit?: Decimal; stopLoss?: Decimal } = {};
  for (const name of ['takeProfit', 'stopLoss'] as const) {
    const v = intent[name];
    if (v === undefined) continue;
    if (isRelative(v)) {
      if (!(v.fraction.greaterThan(0) && v.fraction.lessThan(1)))
        return refuse(DenialReason.UNSUPPORTED, `${name} fraction ${v.fraction} is not between 0 and 1`);
      fractions[name] = v.fraction;
      continue;
    }
    if (v !== null && !v.greaterThan(0))
      return refuse(DenialReason.UNSUPPORTED, `${name} ${v} is not positive`);
    const rounded = v === null ? null : roundPrice(spec, v);
    if (rounded !== null && !rounded.greaterThan(0))
      return refuse(DenialReason.UNSUPPORTED, `${name} ${v} rounds to 0 at precision ${spec.pricePrecision}`);
    legs[name] = rounded;
  }
  const target = positionOf(ctx, intent);
  if ('reason' in target) return target;
  let order: TpSlRequestOrder = {
    kind: 'setTpSl',
    ...legs,
    ...(target.after === undefined ? {} : { after: target.after }),
    ...(fractions.takeProfit === undefined && fractions.stopLoss === undefined
      ? {}
      : { relative: { ...fractions, pricePrecision: spec.pricePrecision } }),
  };
  // A position already filled: its fill is known, so a relative leg is priced now. One still
  // opening keeps the fractions; the executor prices them when the open fills (sendTpSl.ts).
  if (target.after === undefined && unresolved(order)) {
    if (target.side === undefined || target.fill === undefined)
      return refuse(DenialReason.UNKNOWN_POSITION, 'no fill price to resolve a relative TP/SL against');
    const resolved = resolveTpSl(order, target.side, target.fill);
    if (typeof resolved === 'string') return refuse(DenialReason.UNSUPPORTED, resolved);
    order = resolved;
  }
  return newRequest(
    {
      ...base,
      ...(target.side === undefined ? {} : { side: target.side }),
      ...(target.quoteId === undefined ? {} : { quoteId: target.quoteId }),
    },
    order,
  );
}

interface Target {
  readonly quoteId?: QuoteId;
  /** The position's average fill price, when it is filled. */
  readonly fill?: Decimal;
  readonly after?: ClientRequestId;
  readonly side?: PositionSide;
}

function positionOf(ctx: BuildContext, intent: SetTpSlIntent): Target | Refusal {
  const openLot = (quoteId: QuoteId) => {
    const lot = ctx.ledger.lotOfQuote(quoteId);
    return lot?.openQuantity.greaterThan(0) ? lot : undefined;
  };
  if (intent.position.by === 'quote') {
    const lot = openLot(intent.position.quoteId);
    if (lot === undefined)
      return refuse(DenialReason.UNKNOWN_POSITION, `no open position on quote ${intent.position.quoteId}`);
    return { quoteId: intent.position.quoteId, side: lot.side, fill: lot.avgOpenPrice };
  }
  const ref: IntentId = intent.position.intentId;
  const queued = ctx.queuedFor?.(ref);
  if (queued !== undefined) return { after: queued };
  const opens = ctx.journal.byIntent(ref).filter((r) => r.kind === 'open' && r.status !== 'NOT_SENT');
  const filled = opens.find(openFilled);
  if (filled !== undefined) {
    const lot = openLot(filled.quoteId as QuoteId);
    if (lot === undefined)
      return refuse(DenialReason.UNKNOWN_POSITION, `the position of open ${ref} is closed`);
    return { quoteId: filled.quoteId as QuoteId, side: filled.side ?? lot.side, fill: lot.avgOpenPrice };
  }
  const waiting = opens.find((r) => !isTerminal(r.status));
  if (waiting !== undefined)
    return { after: waiting.clientRequestId, ...(waiting.side ? { side: waiting.side } : {}) };
  return refuse(
    DenialReason.UNKNOWN_POSITION,
    opens.length === 0 ? `no open for intent ${ref}` : `open ${ref} ended without a fill`,
  );
}
