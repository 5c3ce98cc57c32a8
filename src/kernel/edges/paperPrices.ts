import type { PerpflowConfig } from '../../config/schema.ts';
import type { EngineSnapshot } from '../../simulator/engine/SimEngine.ts';
import { defaultMarkets } from '../../simulator/markets.ts';
import { gbmPrices } from '../../simulator/prices/gbmPrices.ts';
import type { PriceSource } from '../../simulator/prices/PriceSource.ts';

/**
 * A continued paper account's seeded walk starts from the marks it left, not from the markets'
 * initial prices: its positions must not jump in value because the process restarted. Undefined
 * (the simulator's own source) for a first start or CSV prices.
 */
export function continuedWalk(
  config: PerpflowConfig,
  saved: EngineSnapshot | undefined,
): PriceSource | undefined {
  if (saved === undefined || config.simulator.prices !== 'gbm') return undefined;
  const seed = config.simulator.seed;
  return gbmPrices(
    defaultMarkets().map((m) => ({
      symbol: m.spec.symbol,
      initialPrice: saved.marks[m.spec.symbol]?.mark ?? m.initialPrice,
      volatility: m.volatility,
    })),
    // The simulator's own derivation of the walk's seed (createSimulator.ts).
    { seed: (seed * 7919 + 17) >>> 0 },
  );
}

/** Where a dry run on the embedded simulator takes its prices from, for the start banner. */
export function pricesOf(config: PerpflowConfig, replaced: PriceSource | undefined): string {
  if (replaced !== undefined) return 'prices supplied by the caller';
  const p = config.simulator.prices;
  return p === 'gbm' ? `simulated prices (seed ${config.simulator.seed})` : `prices replayed from ${p}`;
}
