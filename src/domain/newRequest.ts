import type { RequestRecord } from './request.ts';
import type { RequestOrder } from './requestOrder.ts';

/** The record fields every request shares, before its order is known. */
export type RequestBase = Omit<RequestRecord, 'kind' | 'order'>;

/**
 * A request record for `order`: its kind follows from the order, so the two cannot disagree.
 * `side`, `quantity` and `quoteId` override the base's (an open or a close names them; passed
 * apart, not spread into a copy of the base, one object fewer per request).
 */
export function newRequest(
  base: RequestBase,
  order: RequestOrder,
  side = base.side,
  quantity = base.quantity,
  quoteId = base.quoteId,
): RequestRecord {
  // Every field, in the one order of requestShape.ts (absent ones undefined).
  return {
    clientRequestId: base.clientRequestId,
    intentId: base.intentId,
    strategyId: base.strategyId,
    kind: order.kind,
    symbol: base.symbol,
    side,
    quantity,
    order,
    status: base.status,
    venueStatus: base.venueStatus,
    tempId: base.tempId,
    quoteId,
    batchId: base.batchId,
    filledQuantity: base.filledQuantity,
    avgPrice: base.avgPrice,
    errorCode: base.errorCode,
    reason: base.reason,
    createdAt: base.createdAt,
    submittedAt: base.submittedAt,
    updatedAt: base.updatedAt,
  };
}
