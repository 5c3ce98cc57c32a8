import type { Clock } from '../../clock/Clock.ts';

/**
 * Receives each new price, stamped with its own time `ts` (epoch ms: a bar's time, not the
 * moment it is delivered); `last` is the last traded price. SimEngine.setMark takes the same order.
 */
export type PriceSink = (symbol: string, mark: number, ts: number, last: number) => void;

/**
 * Where the simulator's prices come from. A source gives a starting mark per symbol and, once
 * started, pushes ticks on the injected clock. A backtester may skip `start` and call
 * `engine.setMark` itself.
 */
export interface PriceSource {
  readonly kind: string;
  initial(symbol: string): number | undefined;
  start(clock: Clock, sink: PriceSink): () => void;
  /** Funding rates per epoch for the next epoch; absent or undefined: the market catalog's rates. */
  funding?(symbol: string, ts: number): FundingRates | undefined;
}

/** Per-epoch funding as fractions of notional; positive pays, negative receives. */
export interface FundingRates {
  readonly long: number;
  readonly short: number;
}

/** A source that never moves on its own: tests and backtests drive prices with `engine.setMark`. */
export function manualPrices(
  initial: Readonly<Record<string, number>> = {},
  funding: Readonly<Record<string, FundingRates>> = {},
): PriceSource {
  return {
    kind: 'manual',
    initial: (symbol) => initial[symbol],
    start: () => () => {},
    funding: (symbol) => funding[symbol],
  };
}
