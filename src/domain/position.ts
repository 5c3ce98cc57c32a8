import type { MarketId, MarketSymbol, QuoteId, TempId } from './ids.ts';
import type { Decimal } from './money.ts';
import type { PositionSide } from './side.ts';
import type { VenueStatus } from './venueStatus.ts';

/** A position as `GET /v1/positions/all` reports it, in domain types. */
export interface Position {
  /** Null until the open is confirmed on chain. */
  readonly quoteId: QuoteId | null;
  readonly tempId: TempId | null;
  readonly marketId: MarketId;
  readonly symbol: MarketSymbol;
  readonly side: PositionSide;
  readonly quantity: Decimal;
  readonly closedQuantity: Decimal;
  /** Null while the open is pending: the venue has no fill price yet. */
  readonly openedPrice: Decimal | null;
  readonly leverage: number;
  readonly status: VenueStatus;
  readonly unrealizedPnl: Decimal;
  readonly margin: Decimal;
  readonly accumulatedFunding: Decimal;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export function openQuantity(position: Position): Decimal {
  return position.quantity.minus(position.closedQuantity);
}
