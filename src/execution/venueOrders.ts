import type { TempId } from '../domain/ids.ts';
import type { RequestRecord } from '../domain/request.ts';
import type { RequestOrder } from '../domain/requestOrder.ts';
import type { RequestKind } from '../domain/venueStatus.ts';
import type { BatchAck, CloseOrder, OpenOrder, SubmitAck, VenuePort } from '../venue/VenuePort.ts';

/** One flushed group as exactly one venue call: the single endpoint for one item, the batch one otherwise. */
export function sendRequests(
  venue: VenuePort,
  kind: RequestKind,
  rs: readonly RequestRecord[],
): Promise<SubmitAck | BatchAck> {
  const one = rs.length === 1 ? (rs[0] as RequestRecord) : undefined;
  switch (kind) {
    case 'open': {
      const orders = rs.map((r) => openOrder(r));
      return one ? venue.openPosition(orders[0] as OpenOrder) : venue.batchOpen(orders);
    }
    case 'close': {
      const orders = rs.map((r) => closeOrder(r));
      return one ? venue.closePosition(orders[0] as CloseOrder) : venue.batchClose(orders);
    }
    case 'cancelOpen': {
      const ids = rs.map(positionId);
      return one ? venue.cancelOpen(ids[0] as TempId) : venue.batchCancelOpen(ids);
    }
    case 'cancelClose': {
      const ids = rs.map(positionId);
      return one ? venue.cancelClose(ids[0] as TempId) : venue.batchCancelClose(ids);
    }
  }
}

/** The request's order for the venue port: fields copied, nothing parsed or rounded again. */
function openOrder(r: RequestRecord): OpenOrder {
  const o = orderOf(r, 'open');
  return {
    symbol: r.symbol,
    side: o.side,
    quantity: o.quantity,
    leverage: o.leverage,
    orderType: o.orderType,
    ...(o.slippage === undefined ? {} : { slippage: o.slippage }),
    ...(o.limitPrice === undefined ? {} : { limitPrice: o.limitPrice }),
  };
}

function closeOrder(r: RequestRecord): CloseOrder {
  const o = orderOf(r, 'close');
  return {
    quoteId: o.quoteId,
    quantity: o.quantity,
    orderType: o.orderType,
    ...(o.slippage === undefined ? {} : { slippage: o.slippage }),
    ...(o.closePrice === undefined ? {} : { closePrice: o.closePrice }),
  };
}

const positionId = (r: RequestRecord): TempId =>
  orderOf(r, r.kind === 'cancelOpen' ? 'cancelOpen' : 'cancelClose').positionId;

/** The order of a request grouped under `kind`; a mismatch is a bug in the grouping, not a venue answer. */
function orderOf<K extends RequestOrder['kind']>(
  r: RequestRecord,
  kind: K,
): Extract<RequestOrder, { kind: K }> {
  if (r.order.kind !== kind)
    throw new Error(`request ${r.clientRequestId} holds a ${r.order.kind} order, sent as ${kind}`);
  return r.order as Extract<RequestOrder, { kind: K }>;
}
