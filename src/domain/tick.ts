import type { MarketSymbol } from './ids.ts';

/**
 * One price observation. Plain numbers: ticks feed indicators on the hot path, where Decimal
 * would cost ~600x (research/performance.md §3.1); money is converted at the venue and ledger.
 */
export interface PriceTick {
  readonly symbol: MarketSymbol;
  readonly mark: number;
  readonly last?: number;
  /** Epoch milliseconds at which the venue (or the replay) stamped the price. */
  readonly ts: number;
}
