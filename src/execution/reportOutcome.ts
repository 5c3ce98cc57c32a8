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
  const patch: RequestPatch = {
    venueStatus: rep.status,
    filledQuantity: rep.filledQuantity,
    ...(rep.avgPrice === null ? {} : { avgPrice: rep.avgPrice }),
    ...(cur.kind === 'open' && rep.quoteId !== null ? { quoteId: rep.quoteId } : {}),
    ...(rep.errorCode === undefined ? {} : { errorCode: rep.errorCode }),
    ...(rep.reason === undefined ? {} : { reason: rep.reason }),
  };
  return {
    change: { id: cur.clientRequestId, to, patch },
    ...(fill ? { fill } : {}),
    liquidated: cur.kind === 'close' && rep.status === 'LIQUIDATED',
  };
}
