import type { Clock } from '../../clock/Clock.ts';
import type { PerpflowConfig } from '../../config/schema.ts';
import { ConfigError } from '../../errors/ConfigError.ts';
import type { Logger } from '../../log/Logger.ts';
import { engineReports } from '../../simulator/direct/engineReports.ts';
import { manualPrices, type PriceSource } from '../../simulator/prices/PriceSource.ts';
import { createVenueClient } from '../../venue/createVenueClient.ts';
import { IN_PROCESS_BASE_URL } from '../../venue/http/baseUrl.ts';
import { embeddedSimulator } from './embeddedSimulator.ts';
import { simAccount } from './simAccount.ts';
import type { VenueEdges } from './VenueEdges.ts';

/**
 * Dry run: the simulator engine fills every order in process, so no request that could trade
 * leaves the process. Prices come from the configured venue (read-only calls), or from the
 * embedded simulator's own walk when none is configured.
 */
export async function dryRunEdges(
  config: PerpflowConfig,
  o: {
    readonly clock: Clock;
    readonly log: Logger;
    /** Replaces the embedded simulator's own walk (a test replaying bars); not used with venue.url. */
    readonly prices?: PriceSource;
  },
): Promise<VenueEdges> {
  const real = config.venue.url;
  const { apiKey, subaccount } = config.venue;
  // Checked before the simulator exists: a refused config must leave nothing running.
  if (real !== null && (apiKey === null || subaccount === null))
    throw new ConfigError(
      'a dry run on a real venue (venue.url) reads its prices with venue.apiKey and venue.subaccount: set both, or venue.url: null for the embedded simulator',
    );
  const sim = embeddedSimulator(config.simulator, {
    ...o,
    ...(real === null ? {} : { prices: manualPrices() }),
  });
  const account = await simAccount(config, {
    clock: o.clock,
    baseUrl: IN_PROCESS_BASE_URL,
    fetch: sim.fetch,
    // The engine is in this process: it tells each outcome as it decides it, nothing is polled.
    watchRequests: engineReports(sim.engine),
  });
  const close = async (): Promise<void> => sim.stop();
  if (real === null)
    return {
      venue: account.venue,
      prices: account.venue,
      describe: 'dry run: embedded simulator (in process), simulated prices',
      ephemeral: true,
      secrets: account.secrets,
      simulator: sim,
      close,
    };
  const priceClient = createVenueClient({
    baseUrl: real,
    apiKey: apiKey as string,
    subaccount: subaccount as string,
    chainId: config.venue.chainId,
    clock: o.clock,
    timeoutMs: config.venue.timeoutMs,
    budget: { ratePerSecond: config.venue.requestsPerSecond, burst: config.venue.burst },
  });
  return {
    venue: account.venue,
    // Each price read from the real venue also moves the simulator's mark, before anyone sees it.
    prices: {
      markPrices: async (symbols) => {
        const ticks = await priceClient.markPrices(symbols);
        for (const t of ticks) sim.engine.setMark(t.symbol, t.mark, t.ts, t.last ?? t.mark);
        return ticks;
      },
    },
    describe: `dry run: prices from ${new URL(real).host}, fills by the simulator in process`,
    ephemeral: true,
    secrets: account.secrets,
    simulator: sim,
    close,
  };
}
