import type { Decimal } from '../domain/money.ts';
import type { Lot } from './lot.ts';
import type { ExposureSlot } from './OpenExposure.ts';

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
