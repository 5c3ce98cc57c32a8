import { type Decimal, ZERO } from '../../domain/money.ts';
import { toRequestStatus } from '../../venue/mappers/requestStatus.ts';
import type { RequestStatusReport } from '../../venue/VenuePort.ts';
import type { Request } from '../engine/state.ts';

/**
 * Money as a status poll reads it: the route writes at most 8 places (serialize.ts `money`) and
 * the client parses the text back. The text changes nothing else, so the value is rounded here
 * instead; a zero (−0, or a tiny value rounded away) comes back
 * as the text "0" reads, unsigned.
 */
export function asPolled(d: Decimal): Decimal {
  const r = d.decimalPlaces() <= 8 ? d : d.toDecimalPlaces(8);
  return r.isZero() ? ZERO : r;
}

/**
 * A request's status as a poll of the status route would report it (`statusFrom(statusRow(r))`,
 * held to it by a differential test), built from the engine's values through the client's own
 * mapper: no text written and parsed back on each ended request.
 */
export function polledStatus(r: Request): RequestStatusReport {
  // Neither an error code nor a reason (a fill): the same wire value without the spreads' objects.
  if (r.errorCode === null && r.reason === null)
    return toRequestStatus({
      tempId: r.tempId,
      quoteId: r.quote.quoteId,
      status: r.status,
      filledQuantity: asPolled(r.filledQuantity),
      avgPrice: r.avgPrice === null ? null : asPolled(r.avgPrice),
      updatedAt: r.updatedAt,
    });
  return toRequestStatus({
    tempId: r.tempId,
    quoteId: r.quote.quoteId,
    status: r.status,
    filledQuantity: asPolled(r.filledQuantity),
    avgPrice: r.avgPrice === null ? null : asPolled(r.avgPrice),
    ...(r.errorCode === null ? {} : { errorCode: r.errorCode }),
    ...(r.reason === null ? {} : { reason: r.reason }),
    updatedAt: r.updatedAt,
  });
}
