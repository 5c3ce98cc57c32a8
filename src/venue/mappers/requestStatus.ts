import { QuoteId, TempId } from '../../domain/ids.ts';
import { venueStatusOf } from '../../domain/venueStatus.ts';
import type { RequestStatusReport } from '../VenuePort.ts';
import type { WireRequestStatus } from '../wire/status.ts';

export function toRequestStatus(wire: WireRequestStatus): RequestStatusReport {
  return {
    tempId: TempId(wire.tempId),
    quoteId: wire.quoteId === null ? null : QuoteId(wire.quoteId),
    status: venueStatusOf(wire.status),
    filledQuantity: wire.filledQuantity,
    avgPrice: wire.avgPrice,
    ...(wire.errorCode == null ? {} : { errorCode: wire.errorCode }),
    ...(wire.reason == null ? {} : { reason: wire.reason }),
    updatedAt: wire.updatedAt,
  };
}
