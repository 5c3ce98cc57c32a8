import type { Clock } from '../../clock/Clock.ts';
import type { PerpflowConfig } from '../../config/schema.ts';
import type { Logger } from '../../log/Logger.ts';
import { embeddedSimulator } from './embeddedSimulator.ts';
import { simAccount } from './simAccount.ts';
import type { VenueEdges } from './VenueEdges.ts';

/**
 * Sim: the closest rehearsal of live. The embedded simulator listens on loopback and is traded
 * over HTTP with an account set up through the real endpoints. With `venue.url` naming a running
 * `perpflow sim` on loopback, that one is used instead (its state outlives this process).
 */
export async function simEdges(
  config: PerpflowConfig,
  o: { readonly clock: Clock; readonly log: Logger },
): Promise<VenueEdges> {
  if (config.venue.url !== null) {
    const account = await simAccount(config, { clock: o.clock, baseUrl: config.venue.url });
    return {
      venue: account.venue,
      prices: account.venue,
      describe: `sim: the simulator at ${config.venue.url} over HTTP`,
      ephemeral: false,
      secrets: account.secrets,
      url: config.venue.url,
      close: async () => {},
    };
  }
  const sim = embeddedSimulator(config.simulator, o);
  const server = await sim.listen({ port: 0, host: '127.0.0.1' });
  const account = await simAccount(config, { clock: o.clock, baseUrl: server.url });
  return {
    venue: account.venue,
    prices: account.venue,
    describe: `sim: embedded simulator at ${server.url} over HTTP`,
    ephemeral: true,
    secrets: account.secrets,
    simulator: sim,
    url: server.url,
    close: async () => {
      sim.stop();
      await server.close();
    },
  };
}
