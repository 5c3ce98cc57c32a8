import type { BatchId, ClientRequestId, IntentId, MarketSymbol, QuoteId, StrategyId, TempId } from './ids.ts';
import type { Decimal } from './money.ts';
import type { RequestOrder } from './requestOrder.ts';
import type { RequestStatus } from './requestStatus.ts';
import type { PositionSide } from './side.ts';
import type { RequestKind, VenueStatus } from './venueStatus.ts';

/**
 * What a journaled request is: one of the venue's four polled request kinds, or a TP/SL set,
 * which the venue answers synchronously (no tempId, no status poll).
 */
export type RecordKind = RequestKind | 'setTpSl';

/**
 * One request to the venue, as journaled. `order` is what it asks, typed (its `kind` is the
 * record's). The journal stores it as its wire body (`wireParams`), so a request can be audited.
 */
export interface RequestRecord {
  readonly clientRequestId: ClientRequestId;
  readonly intentId: IntentId;
  readonly strategyId: StrategyId;
  readonly kind: RecordKind;
  readonly symbol: MarketSymbol;
  /** Open: the side opened. Close and TP/SL: the side of the position. */
  readonly side?: PositionSide | undefined;
  readonly quantity?: Decimal | undefined;
  readonly order: RequestOrder;
  readonly status: RequestStatus;
  readonly venueStatus?: VenueStatus | undefined;
  readonly tempId?: TempId | undefined;
  readonly quoteId?: QuoteId | undefined;
  readonly batchId?: BatchId | undefined;
  readonly filledQuantity?: Decimal | undefined;
  readonly avgPrice?: Decimal | undefined;
  readonly errorCode?: string | undefined;
  readonly reason?: string | undefined;
  readonly createdAt: number;
  readonly submittedAt?: number | undefined;
  readonly updatedAt: number;
}
