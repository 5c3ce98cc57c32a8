import type { RequestRecord } from './request.ts';
import type { RequestOrder } from './requestOrder.ts';
import { requestRecord } from './requestShape.ts';

/** The record fields every request shares, before its order is known. */
export type RequestBase = Omit<RequestRecord, 'kind' | 'order'>;

/** A request record for `order`: its kind follows from the order, so the two cannot disagree. */
export function newRequest(base: RequestBase, order: RequestOrder): RequestRecord {
  return requestRecord({ ...base, kind: order.kind, order });
}
