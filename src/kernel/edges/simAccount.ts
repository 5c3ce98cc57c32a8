import type { Clock } from '../../clock/Clock.ts';
import type { PerpflowConfig } from '../../config/schema.ts';
import { bootstrapAccount } from '../../simulator/testing/bootstrapAccount.ts';
import { createVenueClient } from '../../venue/createVenueClient.ts';
import type { VenueFetch } from '../../venue/transport.ts';
import type { VenuePort } from '../../venue/VenuePort.ts';
import type { WatchRequests } from '../../venue/VenueReport.ts';

export interface SimAccount {
  readonly venue: VenuePort;
  readonly secrets: readonly string[];
}

/**
 * Sets a simulator account up the way an operator would on the real service, through the real
 * account endpoints (sign in, API key, subaccount access, delegation, instant-action tokens,
 * collateral), then returns a venue client on that key: the run exercises the whole setup path.
 */
export async function simAccount(
  config: PerpflowConfig,
  o: {
    readonly clock: Clock;
    readonly baseUrl: string;
    readonly fetch?: VenueFetch;
    /** The engine's own reports, when it runs in this process (dry run). */
    readonly watchRequests?: WatchRequests;
  },
): Promise<SimAccount> {
  const fetch: VenueFetch = o.fetch ?? ((request) => globalThis.fetch(request));
  const acc = await bootstrapAccount(fetch, {
    baseUrl: o.baseUrl,
    chainId: config.venue.chainId,
    keyName: 'perpflow-run',
  });
  const venue = createVenueClient({
    baseUrl: o.baseUrl,
    apiKey: acc.apiKey,
    subaccount: acc.subaccount,
    chainId: config.venue.chainId,
    solver: config.venue.solver,
    clock: o.clock,
    timeoutMs: config.venue.timeoutMs,
    budget: { ratePerSecond: config.venue.requestsPerSecond, burst: config.venue.burst },
    ...(o.fetch === undefined ? {} : { fetch: o.fetch }),
    ...(o.watchRequests === undefined ? {} : { watchRequests: o.watchRequests }),
  });
  return { venue, secrets: [acc.apiKey, acc.jwt] };
}
