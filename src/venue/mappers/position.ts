import { MarketId, MarketSymbol, QuoteId, TempId } from '../../domain/ids.ts';
import type { Position } from '../../domain/position.ts';
import { venueStatusOf } from '../../domain/venueStatus.ts';
import type { WirePosition } from '../wire/positions.ts';

export function toPosition(wire: WirePosition): Position {
  return {
    quoteId: wire.id === null ? null : QuoteId(wire.id),
    tempId: wire.tempId === null ? null : TempId(wire.tempId),
    marketId: MarketId(wire.marketId),
    symbol: MarketSymbol(wire.symbol),
    side: wire.positionType,
    quantity: wire.quantity,
    closedQuantity: wire.closedAmount,
    // The domain type has no "not yet"; a pending open reports 0 (its quantity is not exposure yet).
    openedPrice: wire.openedPrice,
    leverage: wire.leverage,
    status: venueStatusOf(wire.status),
    unrealizedPnl: wire.unrealizedPnl,
    margin: wire.margin,
    accumulatedFunding: wire.accumulatedFunding,
    createdAt: wire.createdAt,
    updatedAt: wire.updatedAt,
  };
}
