import type { Fill } from '../domain/fill.ts';
import type { ClientRequestId, QuoteId, StrategyId } from '../domain/ids.ts';
import { type Decimal, ZERO } from '../domain/money.ts';
import type { PositionSide } from '../domain/side.ts';
import type { LotKey } from './lotKey.ts';

/** One venue position as the ledger knows it, attributed to the strategy that opened it. */
export interface Lot {
  readonly key: LotKey;
  /** The venue's position, when the lot is keyed by it (null: keyed by our request, quote not yet known). */
  readonly quoteId: QuoteId | null;
  readonly strategyId: StrategyId | null;
  readonly symbol: string;
  readonly side: PositionSide;
  /** Our request whose fill first added to the lot (null: none yet, or an external position). */
  openedBy: ClientRequestId | null;
  openQuantity: Decimal;
  closedQuantity: Decimal;
  avgOpenPrice: Decimal;
  realisedPnl: Decimal;
  fees: Decimal;
  funding: Decimal;
}

export interface PnlSummary {
  readonly realised: Decimal;
  readonly unrealised: Decimal;
  readonly fees: Decimal;
  readonly funding: Decimal;
  readonly openPositions: number;
  readonly notional: Decimal;
}

/** The lot a fill makes when it is the first of its key: nothing open, nothing booked. */
export function newLot(fill: Fill, key: LotKey): Lot {
  return {
    key,
    quoteId: fill.quoteId,
    strategyId: fill.strategyId,
    symbol: fill.symbol,
    side: fill.side,
    openedBy: null,
    openQuantity: ZERO,
    closedQuantity: ZERO,
    avgOpenPrice: ZERO,
    realisedPnl: ZERO,
    fees: ZERO,
    funding: ZERO,
  };
}
