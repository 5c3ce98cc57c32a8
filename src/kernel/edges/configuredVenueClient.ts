import type { PerpflowConfig } from '../../config/schema.ts';
import { createVenueClient, type VenueClientOptions } from '../../venue/createVenueClient.ts';

/** The venue's HTTP client for an account, with the chain, solver, time-out and rate budget the config sets. */
export function configuredVenueClient(
  config: PerpflowConfig,
  o: Pick<VenueClientOptions, 'baseUrl' | 'apiKey' | 'subaccount' | 'clock' | 'fetch' | 'watchRequests'>,
) {
  return createVenueClient({
    ...o,
    chainId: config.venue.chainId,
    solver: config.venue.solver,
    timeoutMs: config.venue.timeoutMs,
    budget: { ratePerSecond: config.venue.requestsPerSecond, burst: config.venue.burst },
  });
}
