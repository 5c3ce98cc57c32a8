import { z } from 'zod';
import { wireDecimal, wireId, wireVenueStatus } from './scalars.ts';

/**
 * One row of `POST /v1/tpsl/list`: the quote's status and the TP/SL it carries (null when none),
 * and the MARKET close a fired leg sent and the funding the position paid (ours to shape: a venue
 * that leaves them out gives none).
 */
export const WireTpSlRow = z.object({
  quoteId: wireId,
  status: wireVenueStatus,
  takeProfit: wireDecimal.nullable(),
  stopLoss: wireDecimal.nullable(),
  closeRequestId: wireId.nullable().optional(),
  accumulatedFunding: wireDecimal.optional(),
});

/** Quotes the venue does not know (or not on this chain) are left out of the answer. */
export const WireTpSlList = z.array(WireTpSlRow);
export type WireTpSlList = z.infer<typeof WireTpSlList>;
