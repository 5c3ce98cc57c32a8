import type { Clock } from '../../clock/Clock.ts';
import { envRef } from '../../config/envReference.ts';
import type { PerpflowConfig } from '../../config/schema.ts';
import { ConfigError } from '../../errors/ConfigError.ts';
import { configuredVenueClient } from './configuredVenueClient.ts';
import type { VenueEdges } from './VenueEdges.ts';

/**
 * Live: the real service over HTTPS with the operator's key. Refuses to build anything unless
 * the config says `mode: live` and names the URL, the key and the subaccount (the config
 * schema already refuses plain http beyond loopback); the key itself is checked by the client
 * before any request exists, and its permissions by `preflight` before any trade.
 */
export function liveEdges(config: PerpflowConfig, o: { readonly clock: Clock }): VenueEdges {
  const { url, apiKey, subaccount } = config.venue;
  const missing = [
    url === null ? 'venue.url (https://…)' : undefined,
    apiKey === null ? `venue.apiKey (${envRef('PERPFLOW_API_KEY')})` : undefined,
    subaccount === null ? `venue.subaccount (${envRef('PERPFLOW_SUBACCOUNT')})` : undefined,
  ].filter((m) => m !== undefined);
  if (config.mode !== 'live' || url === null || apiKey === null || subaccount === null)
    throw new ConfigError(
      config.mode !== 'live'
        ? `live trading needs "mode: live" in the config (it says ${config.mode})`
        : `live trading needs ${missing.join(', ')}`,
    );
  const venue = configuredVenueClient(config, { baseUrl: url, apiKey, subaccount, clock: o.clock });
  return {
    venue,
    prices: venue,
    describe: `LIVE: ${new URL(url).host}, subaccount ${subaccount.slice(0, 6)}…${subaccount.slice(-4)}`,
    ephemeral: false,
    secrets: [apiKey],
    close: async () => {},
  };
}
