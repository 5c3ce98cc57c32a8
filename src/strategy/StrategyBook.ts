/** A position of one strategy, in plain numbers (read-only: strategies decide, never mutate). */
export interface StrategyPosition {
  readonly market: string;
  readonly side: 'LONG' | 'SHORT';
  readonly quantity: number;
  readonly entryPrice: number;
  /** The open intent that made it, when the strategy opened it. */
  readonly intentId?: string;
  readonly quoteId?: string;
}

/** A request of this strategy still waiting at the venue (an open or a close). */
export interface StrategyRequest {
  readonly clientRequestId: string;
  readonly intentId: string;
  readonly market: string;
  readonly kind: 'open' | 'close';
  readonly side?: 'LONG' | 'SHORT';
  readonly quantity: number;
  readonly limitPrice?: number;
}

/**
 * What a strategy may read of the executor's state, filtered to itself. The kernel implements it
 * on the executor's ledger and tracker; tests and backtests may use `staticBook`.
 */
export interface StrategyBook {
  positions(strategyId: string): readonly StrategyPosition[];
  openRequests(strategyId: string): readonly StrategyRequest[];
}

/** A fixed book, for tests and for runs without an executor. */
export function staticBook(
  positions: readonly (StrategyPosition & { readonly strategyId: string })[] = [],
  requests: readonly (StrategyRequest & { readonly strategyId: string })[] = [],
): StrategyBook {
  return {
    positions: (id) => positions.filter((p) => p.strategyId === id),
    openRequests: (id) => requests.filter((r) => r.strategyId === id),
  };
}
