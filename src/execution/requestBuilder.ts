import type { Clock } from '../clock/Clock.ts';
import { ClientRequestId, type IntentId, type QuoteId } from '../domain/ids.ts';
import type { CloseIntent, Intent, OpenIntent } from '../domain/intent.ts';
import { isAtMostZero } from '../domain/isAtMostZero.ts';
import { type MarketSpec, roundPrice, roundQuantity } from '../domain/market.ts';
import { newRequest, type RequestBase } from '../domain/newRequest.ts';
import type { RequestRecord } from '../domain/request.ts';
import type { CloseRequestOrder, OpenRequestOrder } from '../domain/requestOrder.ts';
import type { JournalPort } from '../journal/JournalPort.ts';
import { DenialReason } from '../risk/denialReason.ts';
import type { ExposureIndex } from './exposureIndex.ts';
import { openQuantity } from './openQuantity.ts';
import type { PositionLedger } from './PositionLedger.ts';
import { buildTpSl } from './tpslRequest.ts';

export interface BuildContext {
  readonly clock: Clock;
  readonly journal: JournalPort;
  readonly index: ExposureIndex;
  readonly ledger: PositionLedger;
  /** The request of an open accepted this turn but not journaled yet (a TP/SL may wait for it). */
  readonly queuedFor?: (intentId: IntentId) => ClientRequestId | undefined;
}

export interface Refusal {
  readonly reason: DenialReason;
  readonly message: string;
}

/** The client id of an intent's request: its attempt suffix only after a provably unsent earlier one. */
export function clientRequestIdOf(intentId: IntentId, attempt = 0): ClientRequestId {
  const id = intentId.startsWith('in_') ? intentId.slice(3) : intentId;
  return ClientRequestId(`cr_${id}${attempt === 0 ? '' : `_${attempt}`}`);
}

/**
 * Turns an intent into the request to journal: client id minted once (deterministic from the
 * intent id, with an attempt suffix only after a provably unsent earlier attempt), quantity
 * and prices rounded down to the market's precision here, once (the venue mappers only format;
 * an open is rounded up to the market's minimum notional when down would fall under it, see openQuantity),
 * as a typed order; the wire params follow from it.
 */
export function buildRequest(
  ctx: BuildContext,
  intent: Exclude<Intent, { kind: 'closeAll' }>,
  spec: MarketSpec,
  /** Requests journaled for this intent so far (the caller may have read them already). */
  attempt = ctx.journal.byIntent(intent.intentId).length,
): RequestRecord | Refusal {
  const now = ctx.clock.now();
  const id = intent.intentId;
  const clientRequestId = clientRequestIdOf(id, attempt);
  const base = {
    clientRequestId,
    intentId: intent.intentId,
    strategyId: intent.strategyId,
    symbol: intent.symbol,
    status: 'CREATED' as const,
    createdAt: now,
    updatedAt: now,
  };
  if (intent.kind === 'open') return buildOpen(ctx, intent, spec, base);
  if (intent.kind === 'close') return buildClose(ctx, intent, spec, base);
  if (intent.kind === 'setTpSl') return buildTpSl(ctx, intent, spec, base);
  const target = ctx.journal.get(intent.target);
  if (target?.tempId === undefined || (target.kind !== 'open' && target.kind !== 'close'))
    return {
      reason: DenialReason.UNKNOWN_POSITION,
      message: `cancel target ${intent.target} has no venue id yet`,
    };
  return newRequest(target.side ? { ...base, side: target.side } : base, {
    kind: target.kind === 'open' ? 'cancelOpen' : 'cancelClose',
    target: target.clientRequestId,
    positionId: target.tempId,
  });
}

function buildOpen(
  ctx: BuildContext,
  intent: OpenIntent,
  spec: MarketSpec,
  base: RequestBase,
): RequestRecord | Refusal {
  if (!intent.allowStacking && ctx.index.slotTaken(intent.strategyId, intent.symbol, intent.side))
    return {
      reason: DenialReason.DUPLICATE_OPEN,
      message: `${intent.strategyId} already has a ${intent.side} open in flight on ${intent.symbol}`,
    };
  // The notional is checked at the limit price for a LIMIT order, at the latest mark for a MARKET one.
  const price = intent.limitPrice ?? ctx.ledger.marks.get(intent.symbol);
  const quantity = openQuantity(spec, intent.quantity, price);
  if (isAtMostZero(quantity))
    return {
      reason: DenialReason.UNSUPPORTED,
      message: `quantity ${intent.quantity} rounds to 0 at precision ${spec.quantityPrecision}`,
    };
  // A market order (slippage, no limit) as one literal, the keys in the spreads' order.
  const order: OpenRequestOrder =
    intent.slippage !== undefined && intent.limitPrice === undefined
      ? {
          kind: 'open',
          marketId: spec.id,
          side: intent.side,
          orderType: intent.orderType,
          quantity,
          leverage: intent.leverage,
          slippage: intent.slippage,
        }
      : {
          kind: 'open',
          marketId: spec.id,
          side: intent.side,
          orderType: intent.orderType,
          quantity,
          leverage: intent.leverage,
          ...(intent.slippage === undefined ? {} : { slippage: intent.slippage }),
          ...(intent.limitPrice === undefined ? {} : { limitPrice: roundPrice(spec, intent.limitPrice) }),
        };
  return newRequest(base, order, intent.side, quantity);
}

function buildClose(
  ctx: BuildContext,
  intent: CloseIntent,
  spec: MarketSpec,
  base: RequestBase,
): RequestRecord | Refusal {
  let quoteId: QuoteId | undefined;
  let side = undefined as RequestRecord['side'];
  if (intent.position.by === 'quote') quoteId = intent.position.quoteId;
  else {
    const opened = ctx.journal
      .byIntent(intent.position.intentId)
      .find((r) => r.kind === 'open' && r.quoteId !== undefined);
    quoteId = opened?.quoteId;
    side = opened?.side;
  }
  const lot = quoteId === undefined ? undefined : ctx.ledger.lotOfQuote(quoteId);
  if (quoteId === undefined || lot === undefined || isAtMostZero(lot.openQuantity))
    return { reason: DenialReason.UNKNOWN_POSITION, message: 'no open position for this close' };
  const quantity = intent.quantity === 'all' ? lot.openQuantity : roundQuantity(spec, intent.quantity);
  const order: CloseRequestOrder =
    intent.slippage !== undefined && intent.closePrice === undefined
      ? { kind: 'close', quoteId, quantity, orderType: intent.orderType, slippage: intent.slippage }
      : {
          kind: 'close',
          quoteId,
          quantity,
          orderType: intent.orderType,
          ...(intent.slippage === undefined ? {} : { slippage: intent.slippage }),
          ...(intent.closePrice === undefined ? {} : { closePrice: roundPrice(spec, intent.closePrice) }),
        };
  return newRequest(base, order, side ?? lot.side, quantity, quoteId);
}
