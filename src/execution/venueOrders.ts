import type { TempId } from '../domain/ids.ts';
import type { RequestRecord } from '../domain/request.ts';
import type { RequestOrder } from '../domain/requestOrder.ts';
import type { RequestKind } from '../domain/venueStatus.ts';
import type { CloseOrder, OpenOrder, SubmitGroup } from '../venue/VenuePort.ts';

/** The requests of one flushed group as the port's group of orders: fields copied, nothing re-rounded. */
export function groupOf(kind: RequestKind, rs: readonly RequestRecord[]): SubmitGroup {
  switch (kind) {
    case 'open':
      return { kind, items: rs.map(openOrder) };
    case 'close':
      return { kind, items: rs.map(closeOrder) };
    case 'cancelOpen':
    case 'cancelClose':
      return { kind, items: rs.map(positionId) };
  }
}

/** The request's order for the venue port: fields copied, nothing parsed or rounded again. */
function openOrder(r: RequestRecord): OpenOrder {
  const o = orderOf(r, 'open');
  // A market order (slippage, no limit) as one literal, the keys in the spreads' order: the spreads
  // built two objects more per order.
  if (o.slippage !== undefined && o.limitPrice === undefined)
    return {
      symbol: r.symbol,
      side: o.side,
      quantity: o.quantity,
      leverage: o.leverage,
      orderType: o.orderType,
      slippage: o.slippage,
    };
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
  if (o.slippage !== undefined && o.closePrice === undefined)
    return { quoteId: o.quoteId, quantity: o.quantity, orderType: o.orderType, slippage: o.slippage };
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
