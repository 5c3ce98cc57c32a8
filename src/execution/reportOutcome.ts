import type { RequestRecord } from '../domain/request.ts';
import type { RequestPatch } from '../journal/JournalPort.ts';
import type { RequestStatusReport } from '../venue/VenuePort.ts';
import { type FeeRates, reportFill, requestOutcome } from './outcome.ts';
import type { Outcome } from './RequestBook.ts';

/** The journal change (and fill) a terminal status report means for its request. */
export function reportOutcome(
  cur: RequestRecord,
  rep: RequestStatusReport,
  fees: FeeRates,
  now: number,
): Outcome {
  const to = requestOutcome(cur, rep.status, rep.filledQuantity);
  const fill = to === 'FILLED' ? reportFill(cur, rep, fees, fillTime(cur, rep, now)) : undefined;
  // Assigned key by key, not spread: one of these per request of a backtest (exactOptionalPropertyTypes: absent, never undefined).
  const patch: { -readonly [K in keyof RequestPatch]: RequestPatch[K] } = {
    venueStatus: rep.status,
    filledQuantity: rep.filledQuantity,
  };
  if (rep.avgPrice !== null) patch.avgPrice = rep.avgPrice;
  if (cur.kind === 'open' && rep.quoteId !== null) patch.quoteId = rep.quoteId;
  if (rep.errorCode !== undefined) patch.errorCode = rep.errorCode;
  if (rep.reason !== undefined) patch.reason = rep.reason;
  const liquidated = cur.kind === 'close' && rep.status === 'LIQUIDATED';
  const change = { id: cur.clientRequestId, to, patch };
  return fill === undefined ? { change, liquidated } : { change, fill, liquidated };
}

/**
 * When the fill happened: the venue's time of the outcome, not when we learnt it, so a polled
 * adapter and one the venue tells at once book the same fill at the same time. Held between our
 * send and now: a venue clock ahead of ours never books a fill in the future, one behind never
 * before the request existed.
 */
function fillTime(cur: RequestRecord, rep: RequestStatusReport, now: number): number {
  const sent = cur.submittedAt ?? cur.createdAt;
  return Number.isFinite(rep.updatedAt) ? Math.min(now, Math.max(sent, rep.updatedAt)) : now;
}
