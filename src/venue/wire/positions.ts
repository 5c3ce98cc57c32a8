import { z } from 'zod';
import {
  wireDecimal,
  wireId,
  wireInt,
  wireNumber,
  wirePositionSide,
  wireTime,
  wireVenueStatus,
} from './scalars.ts';

/** One row of `GET /v1/positions/all`. `id` is the quoteId, null until on chain. */
export const WirePosition = z.object({
  id: wireId.nullable(),
  tempId: wireId.nullable(),
  marketId: wireInt,
  symbol: z.string().min(1),
  positionType: wirePositionSide,
  quantity: wireDecimal,
  closedAmount: wireDecimal,
  /** Null while the open is pending. */
  openedPrice: wireDecimal.nullable(),
  leverage: wireNumber,
  status: wireVenueStatus,
  unrealizedPnl: wireDecimal,
  margin: wireDecimal,
  accumulatedFunding: wireDecimal,
  createdAt: wireTime,
  updatedAt: wireTime,
});
export type WirePosition = z.infer<typeof WirePosition>;

export const WirePositions = z.array(WirePosition);
