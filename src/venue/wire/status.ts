import { z } from 'zod';
import { wireDecimal, wireId, wireTime, wireVenueStatus } from './scalars.ts';

/** The answer of the four `GET /v1/positions/<kind>-request/status` polls. */
export const WireRequestStatus = z.object({
  tempId: wireId,
  quoteId: wireId.nullable(),
  status: wireVenueStatus,
  filledQuantity: wireDecimal,
  avgPrice: wireDecimal.nullable(),
  errorCode: wireId.nullish(),
  reason: z.string().nullish(),
  updatedAt: wireTime,
});
export type WireRequestStatus = z.infer<typeof WireRequestStatus>;
