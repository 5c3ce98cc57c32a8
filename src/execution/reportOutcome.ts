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
  const fill = to === 'FILLED' ? reportFill(cur, rep, fees, now) : undefined;
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
