import type { ClientRequestId, FillId, MarketSymbol, QuoteId, StrategyId } from './ids.ts';
import type { Decimal } from './money.ts';
import type { PositionSide } from './side.ts';

/**
 * A change of exposure the ledger applies exactly once, keyed by `fillId`
 * (reliability.md A10): for venue-reported fills, request id + status + filled quantity.
 */
export interface Fill {
  readonly fillId: FillId;
  readonly clientRequestId: ClientRequestId | null;
  readonly strategyId: StrategyId | null;
  readonly quoteId: QuoteId | null;
  readonly symbol: MarketSymbol;
  /** The side of the position this fill belongs to. */
  readonly side: PositionSide;
  /** 'open' adds to the position, 'close' reduces it. */
  readonly effect: 'open' | 'close';
  readonly quantity: Decimal;
  readonly price: Decimal;
  readonly fee: Decimal;
  readonly ts: number;
}
