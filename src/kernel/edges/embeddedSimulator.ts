import type { Clock } from '../../clock/Clock.ts';
import type { SimulatorConfig } from '../../config/schema.ts';
import type { Logger } from '../../log/Logger.ts';
import { describeError } from '../../log/redact.ts';
import { createSimulator, type Simulator } from '../../simulator/createSimulator.ts';
import { loadFaultProfile } from '../../simulator/faults/FaultProfile.ts';
import { defaultMarkets } from '../../simulator/markets.ts';
import { csvPrices } from '../../simulator/prices/csvPrices.ts';
import type { PriceSource } from '../../simulator/prices/PriceSource.ts';

/** The price CSV and the fault profile are read relative to the working directory, as `config validate` checks them. */
function csvSource(spec: string, symbols: readonly string[]): PriceSource {
  const m = /^(.*\.csv)(?::([A-Z0-9]{2,20}))?$/i.exec(spec);
  const file = m?.[1] ?? spec;
  return csvPrices(file, { markets: symbols, ...(m?.[2] === undefined ? {} : { symbol: m[2] }) });
}

/**
 * The venue simulator a dry run or a sim run trades against, built from the config's `simulator`
 * section; `prices` replaces its own price source (a dry run fed from a real venue).
 */
export function embeddedSimulator(
  s: SimulatorConfig,
  o: { readonly clock: Clock; readonly log: Logger; readonly prices?: PriceSource },
): Simulator {
  const markets = defaultMarkets();
  const symbols = markets.map((m) => m.spec.symbol);
  const source = o.prices ?? (s.prices === 'gbm' ? undefined : csvSource(s.prices, symbols));
  return createSimulator({
    clock: o.clock,
    seed: s.seed,
    fillLatencyMs: s.fillLatencyMs,
    limitTtlMs: s.limitTtlMs,
    markets,
    ...(source === undefined ? {} : { prices: source }),
    ...(s.faults === null ? {} : { faults: loadFaultProfile(s.faults) }),
    onInternalError: (e) => o.log.error('simulator internal error', { error: describeError(e) }),
  });
}
