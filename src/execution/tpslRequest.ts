import type { ClientRequestId, IntentId, QuoteId } from '../domain/ids.ts';
import type { SetTpSlIntent } from '../domain/intent.ts';
import { type MarketSpec, roundPrice } from '../domain/market.ts';
import type { Decimal } from '../domain/money.ts';
import { newRequest, type RequestBase } from '../domain/newRequest.ts';
import type { RequestRecord } from '../domain/request.ts';
import type { TpSlRequestOrder } from '../domain/requestOrder.ts';
import { isTerminal } from '../domain/requestStatus.ts';
import type { PositionSide } from '../domain/side.ts';
import { DenialReason } from '../risk/denialReason.ts';
import type { BuildContext, Refusal } from './requestBuilder.ts';

/** An open's request that filled: the venue holds its quote. */
export const openFilled = (r: RequestRecord | undefined): boolean =>
  r !== undefined &&
  r.kind === 'open' &&
  (r.status === 'FILLED' || r.status === 'RECONCILED_EXECUTED') &&
  r.quoteId !== undefined;

const refuse = (reason: DenialReason, message: string): Refusal => ({ reason, message });

/**
 * A TP/SL intent as the request to journal. Prices are rounded down to the market's precision
 * here, so the journal holds exactly what is sent. The position is a quote we hold a lot on, or
 * the open of an intent: filled (its quote), or still on its way (the request waits for the fill,
 * `order.after`); an open that ended without a fill is refused.
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
  for (const name of ['takeProfit', 'stopLoss'] as const) {
    const v: Decimal | null | undefined = intent[name];
    if (v === undefined) continue;
    if (v !== null && !v.greaterThan(0))
      return refuse(DenialReason.UNSUPPORTED, `${name} ${v} is not positive`);
    const rounded = v === null ? null : roundPrice(spec, v);
    if (rounded !== null && !rounded.greaterThan(0))
      return refuse(DenialReason.UNSUPPORTED, `${name} ${v} rounds to 0 at precision ${spec.pricePrecision}`);
    legs[name] = rounded;
  }
  const target = positionOf(ctx, intent);
  if ('reason' in target) return target;
  const order: TpSlRequestOrder = {
    kind: 'setTpSl',
    ...legs,
    ...(target.after === undefined ? {} : { after: target.after }),
  };
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
    return { quoteId: intent.position.quoteId, side: lot.side };
  }
  const ref: IntentId = intent.position.intentId;
  const queued = ctx.queuedFor?.(ref);
  if (queued !== undefined) return { after: queued };
  const opens = ctx.journal.byIntent(ref).filter((r) => r.kind === 'open' && r.status !== 'NOT_SENT');
  const filled = opens.find(openFilled);
  if (filled !== undefined) {
    if (openLot(filled.quoteId as QuoteId) === undefined)
      return refuse(DenialReason.UNKNOWN_POSITION, `the position of open ${ref} is closed`);
    return { quoteId: filled.quoteId as QuoteId, ...(filled.side ? { side: filled.side } : {}) };
  }
  const waiting = opens.find((r) => !isTerminal(r.status));
  if (waiting !== undefined)
    return { after: waiting.clientRequestId, ...(waiting.side ? { side: waiting.side } : {}) };
  return refuse(
    DenialReason.UNKNOWN_POSITION,
    opens.length === 0 ? `no open for intent ${ref}` : `open ${ref} ended without a fill`,
  );
}
