import { QuoteId, TempId } from '../../domain/ids.ts';
import { venueStatusOf } from '../../domain/venueStatus.ts';
import type { RequestStatusReport } from '../VenuePort.ts';
import type { WireRequestStatus } from '../wire/status.ts';

export function toRequestStatus(wire: WireRequestStatus): RequestStatusReport {
  // The usual report (no error, no reason) as one literal of the same keys in the same order:
  // the spreads below build two objects more per report, one per ended request of a backtest.
  if (wire.errorCode == null && wire.reason == null)
    return {
      tempId: TempId(wire.tempId),
      quoteId: wire.quoteId === null ? null : QuoteId(wire.quoteId),
      status: venueStatusOf(wire.status),
      filledQuantity: wire.filledQuantity,
      avgPrice: wire.avgPrice,
      updatedAt: wire.updatedAt,
    };
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
