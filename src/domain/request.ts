import type { BatchId, ClientRequestId, IntentId, MarketSymbol, QuoteId, StrategyId, TempId } from './ids.ts';
import type { Decimal } from './money.ts';
import type { RequestStatus } from './requestStatus.ts';
import type { PositionSide } from './side.ts';
import type { RequestKind, VenueStatus } from './venueStatus.ts';

/**
 * One request to the venue, as journaled. `params` is the exact wire body we send (without
 * credentials), so a request can be audited, and matched by fingerprint after a crash.
 */
export interface RequestRecord {
  readonly clientRequestId: ClientRequestId;
  readonly intentId: IntentId;
  readonly strategyId: StrategyId;
  readonly kind: RequestKind;
  readonly symbol: MarketSymbol;
  /** Open: the side opened. Close: the side of the position being closed. */
  readonly side?: PositionSide;
  readonly quantity?: Decimal;
  readonly params: Readonly<Record<string, unknown>>;
  readonly status: RequestStatus;
  readonly venueStatus?: VenueStatus;
  readonly tempId?: TempId;
  readonly quoteId?: QuoteId;
  readonly batchId?: BatchId;
  readonly filledQuantity?: Decimal;
  readonly avgPrice?: Decimal;
  readonly errorCode?: string;
  readonly reason?: string;
  readonly createdAt: number;
  readonly submittedAt?: number;
  readonly updatedAt: number;
}
