import { SystemClock } from '../../clock/SystemClock.ts';
import type { PerpflowConfig } from '../../config/schema.ts';
import { ConfigError } from '../../errors/ConfigError.ts';
import { checkMarketsListed } from '../../kernel/preflight.ts';
import { defaultMarkets } from '../../simulator/markets.ts';
import { createVenueClient } from '../../venue/createVenueClient.ts';

/**
 * `config validate --online`: the markets of every enabled strategy against the list of the venue
 * the config trades (a read-only call), or the embedded simulator's list when venue.url is null.
 */
export async function checkMarketsOnline(config: PerpflowConfig, file: string): Promise<void> {
  const { url, apiKey, subaccount } = config.venue;
  if (url === null) {
    const markets = async () => defaultMarkets().map((m) => m.spec);
    await checkMarketsListed(config, { markets }, { configFile: file, venueName: 'the simulator' });
    return;
  }
  if (apiKey === null || subaccount === null)
    throw new ConfigError(
      `--online reads the markets of ${new URL(url).host} with venue.apiKey and venue.subaccount: set both (as \${env:…} references)`,
    );
  const venue = createVenueClient({
    baseUrl: url,
    apiKey,
    subaccount,
    chainId: config.venue.chainId,
    solver: config.venue.solver,
    clock: new SystemClock(),
    timeoutMs: config.venue.timeoutMs,
  });
  await checkMarketsListed(config, venue, {
    configFile: file,
    venueName: `the venue at ${new URL(url).host}`,
  });
}
