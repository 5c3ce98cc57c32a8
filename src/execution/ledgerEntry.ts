import type { Fill } from '../domain/fill.ts';
import { type Decimal, ZERO } from '../domain/money.ts';
import type { LotKey } from './lotKey.ts';
import type { ExposureSlot } from './OpenExposure.ts';
import type { Lot } from './PositionLedger.ts';

/** Realised, fees and funding booked for one strategy (or, funding only, the account). */
export interface Totals {
  realised: Decimal;
  fees: Decimal;
  funding: Decimal;
}

/**
 * A lot with what its fills update besides it, found once when the lot is made: its strategy's
 * totals and its exposure slot (no lookup by strategy or market per fill).
 */
export interface LedgerEntry {
  readonly lot: Lot;
  readonly totals: Totals;
  readonly slot: ExposureSlot;
}

/** What a strategy's new lots link to: its totals, and its exposure slot per market. */
export interface StrategyBook {
  readonly totals: Totals;
  readonly slots: Map<string, ExposureSlot>;
}

/** The lot a fill makes when it is the first of its key: nothing open, nothing booked. */
export function newLot(fill: Fill, key: LotKey): Lot {
  return {
    key,
    quoteId: fill.quoteId,
    strategyId: fill.strategyId,
    symbol: fill.symbol,
    side: fill.side,
    openQuantity: ZERO,
    closedQuantity: ZERO,
    avgOpenPrice: ZERO,
    realisedPnl: ZERO,
    fees: ZERO,
    funding: ZERO,
  };
}
