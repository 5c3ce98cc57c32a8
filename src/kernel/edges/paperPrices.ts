import type { Clock } from '../../clock/Clock.ts';
import type { PerpflowConfig } from '../../config/schema.ts';
import type { EngineSnapshot } from '../../simulator/engine/SimEngine.ts';
import { defaultMarkets } from '../../simulator/markets.ts';
import { gbmPrices } from '../../simulator/prices/gbmPrices.ts';
import type { PriceSink, PriceSource } from '../../simulator/prices/PriceSource.ts';

/**
 * The simulator's own seeded walk, started from the marks a continued paper account left (not
 * from the markets' initial prices: its positions must not jump in value because the process
 * restarted), or from the initial prices when there is none.
 */
export function seededWalk(config: PerpflowConfig, saved: EngineSnapshot | undefined): PriceSource {
  const seed = config.simulator.seed;
  return gbmPrices(
    defaultMarkets().map((m) => ({
      symbol: m.spec.symbol,
      initialPrice: saved?.marks[m.spec.symbol]?.mark ?? m.initialPrice,
      volatility: m.volatility,
    })),
    // The simulator's own derivation of the walk's seed (createSimulator.ts).
    { seed: (seed * 7919 + 17) >>> 0 },
  );
}

/**
 * A price source that stays still until `begin` names the one to run: the simulator is built
 * before the run holds its journal's lease, and only then is it known which marks a paper
 * account left for the walk to continue from.
 */
export function pricesBegunLater(): { readonly source: PriceSource; begin(source: PriceSource): void } {
  let sink: { clock: Clock; to: PriceSink } | undefined;
  let stop = (): void => {};
  let stopped = false;
  return {
    source: {
      kind: 'begun later',
      initial: () => undefined,
      start: (clock, to) => {
        sink = { clock, to };
        return () => {
          stopped = true;
          stop();
        };
      },
    },
    begin: (source) => {
      if (sink === undefined || stopped) return;
      stop = source.start(sink.clock, sink.to);
    },
  };
}

/** Where a dry run on the embedded simulator takes its prices from, for the start banner. */
export function pricesOf(config: PerpflowConfig, replaced: PriceSource | undefined): string {
  if (replaced !== undefined) return 'prices supplied by the caller';
  const p = config.simulator.prices;
  return p === 'gbm' ? `simulated prices (seed ${config.simulator.seed})` : `prices replayed from ${p}`;
}
