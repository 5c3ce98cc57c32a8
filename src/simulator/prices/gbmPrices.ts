import type { Clock } from '../../clock/Clock.ts';
import { createRng } from '../rng.ts';
import type { PriceSink, PriceSource } from './PriceSource.ts';
import { pace } from './pace.ts';

export interface GbmMarket {
  readonly symbol: string;
  readonly initialPrice: number;
  /** Annualised volatility. */
  readonly volatility: number;
}

const YEAR_MS = 365 * 24 * 3_600_000;

/**
 * Geometric Brownian motion per market, seeded: the same seed and clock give the same path.
 * `last` differs from the mark by a small seeded noise, as a traded price would.
 */
export function gbmPrices(
  markets: readonly GbmMarket[],
  o: { seed: number; intervalMs?: number },
): PriceSource {
  const intervalMs = o.intervalMs ?? 1_000;
  const rng = createRng(o.seed);
  const prices = new Map(markets.map((m) => [m.symbol, m.initialPrice]));
  const dt = intervalMs / YEAR_MS;
  return {
    kind: 'gbm',
    initial: (symbol) => prices.get(symbol),
    start(clock: Clock, sink: PriceSink) {
      return pace(clock, intervalMs, () => {
        const ts = clock.now();
        for (const m of markets) {
          const p = prices.get(m.symbol) ?? m.initialPrice;
          const s = m.volatility;
          const next = p * Math.exp(-0.5 * s * s * dt + s * Math.sqrt(dt) * rng.normal());
          prices.set(m.symbol, next);
          sink(m.symbol, next, ts, next * (1 + 0.0001 * rng.normal()));
        }
        return true;
      });
    },
  };
}
