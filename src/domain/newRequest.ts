import type { RequestRecord } from './request.ts';
import { type RequestOrder, wireParams } from './requestOrder.ts';

/** The record fields every request shares, before its order is known. */
export type RequestBase = Omit<RequestRecord, 'kind' | 'order' | 'params'>;

/** A request record for `order`: kind and wire params follow from the order, so they cannot disagree. */
export function newRequest(base: RequestBase, order: RequestOrder): RequestRecord {
  return { ...base, kind: order.kind, order, params: wireParams(order) };
}
