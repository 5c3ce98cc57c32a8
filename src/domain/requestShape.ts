import type { RequestRecord } from './request.ts';
import type { RequestStatus } from './requestStatus.ts';

// `order` only for a relative TP/SL leg, priced when it is sent (sendTpSl.ts); the kind never changes.
type Settable = Exclude<keyof RequestRecord, 'clientRequestId' | 'status' | 'createdAt' | 'kind'>;

/**
 * What a status change may set besides the status. A patch never unsets a field (no undefined
 * values), so reading `patch.x ?? cur.x` is the same as spreading the patch over the record.
 */
export type RequestPatch = { readonly [K in Settable]?: Exclude<RequestRecord[K], undefined> };

/*
 * Every record the journals hand out has every field present, in one order (absent ones
 * undefined): newRequest builds it so, patchRecord keeps it, the SQLite row reader reads it so.
 * One hidden class keeps the core's reads of records monomorphic; a spread (`{ ...cur, ...patch }`)
 * made a new shape for each set of present fields, and every read site megamorphic.
 */

const NO_PATCH: RequestPatch = {};

/** `cur` with `patch` applied, moved to `status` at `now`: a new record of the one shape. */
export function patchRecord(
  cur: RequestRecord,
  patch: RequestPatch | undefined,
  status: RequestStatus,
  now: number,
): RequestRecord {
  const p = patch ?? NO_PATCH;
  return {
    clientRequestId: cur.clientRequestId,
    intentId: p.intentId ?? cur.intentId,
    strategyId: p.strategyId ?? cur.strategyId,
    kind: cur.kind,
    symbol: p.symbol ?? cur.symbol,
    side: p.side ?? cur.side,
    quantity: p.quantity ?? cur.quantity,
    order: p.order ?? cur.order,
    status,
    venueStatus: p.venueStatus ?? cur.venueStatus,
    tempId: p.tempId ?? cur.tempId,
    quoteId: p.quoteId ?? cur.quoteId,
    batchId: p.batchId ?? cur.batchId,
    filledQuantity: p.filledQuantity ?? cur.filledQuantity,
    avgPrice: p.avgPrice ?? cur.avgPrice,
    errorCode: p.errorCode ?? cur.errorCode,
    reason: p.reason ?? cur.reason,
    createdAt: cur.createdAt,
    submittedAt: p.submittedAt ?? cur.submittedAt,
    updatedAt: now,
  };
}
