import type { FundingRate } from '../src/market/readFundingRates.ts';
import type { FundingRates, PriceSource } from '../src/simulator/prices/PriceSource.ts';

export interface FundingInput {
  /** Constant rate per epoch for every market (longs pay, shorts receive). */
  readonly constant?: number;
  /** A rate series per symbol; at a funding time the entry nearest to it within half an epoch applies. */
  readonly series?: Readonly<Record<string, readonly FundingRate[]>>;
  /** Epoch length per symbol, to match series entries (exchange stamps drift by milliseconds). */
  readonly epochMs: Readonly<Record<string, number>>;
}

const ZERO_RATES: FundingRates = { long: 0, short: 0 };

/** The entry of a sorted series nearest to `ts`, if one lies within `tolerance`. */
function nearest(series: readonly FundingRate[], ts: number, tolerance: number): FundingRate | undefined {
  let lo = 0;
  let hi = series.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((series[mid]?.time ?? Number.POSITIVE_INFINITY) < ts) lo = mid + 1;
    else hi = mid;
  }
  let best: FundingRate | undefined;
  for (const i of [lo - 1, lo]) {
    const r = series[i];
    if (r !== undefined && Math.abs(r.time - ts) <= tolerance)
      if (best === undefined || Math.abs(r.time - ts) < Math.abs(best.time - ts)) best = r;
  }
  return best;
}

/**
 * A price source that never moves on its own (the driver calls `engine.setMark` per bar) and
 * answers the engine's funding question from the backtest's settings: a series (no entry at
 * that time: no funding), a constant, or undefined to let the market spec decide.
 */
export function backtestPrices(
  initial: Readonly<Record<string, number>>,
  funding: FundingInput,
): PriceSource {
  return {
    kind: 'backtest',
    initial: (symbol) => initial[symbol],
    start: () => () => {},
    funding: (symbol, ts) => {
      const series = funding.series?.[symbol];
      if (series !== undefined) {
        const hit = nearest(series, ts, (funding.epochMs[symbol] ?? 0) / 2);
        return hit === undefined ? ZERO_RATES : { long: hit.rate, short: -hit.rate };
      }
      if (funding.constant !== undefined) return { long: funding.constant, short: -funding.constant };
      return undefined;
    },
  };
}
