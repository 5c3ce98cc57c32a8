import type { Clock } from '../../clock/Clock.ts';
import type { PerpflowConfig } from '../../config/schema.ts';
import type { Logger } from '../../log/Logger.ts';
import type { PriceSource } from '../../simulator/prices/PriceSource.ts';
import { IN_PROCESS_BASE_URL } from '../../venue/http/baseUrl.ts';
import { embeddedSimulator } from './embeddedSimulator.ts';
import { keptSimKeyFile } from './keptSimKey.ts';
import { simAccount } from './simAccount.ts';
import type { VenueEdges } from './VenueEdges.ts';

/**
 * Sim: the closest rehearsal of live. The embedded simulator listens on loopback and is traded
 * over HTTP with an account set up through the real endpoints. With `venue.url` naming a running
 * `perpflow sim` on loopback, that one is used instead (its state outlives this process).
 */
export async function simEdges(
  config: PerpflowConfig,
  o: {
    readonly clock: Clock;
    readonly log: Logger;
    /**
     * Calls the simulator's HTTP handler in process instead of over loopback: the same routes, the
     * same client, the same status polls, with no socket between them, so a run on a virtual
     * clock stays deterministic (the parity suite's third world).
     */
    readonly inProcess?: { readonly prices?: PriceSource };
  },
): Promise<VenueEdges> {
  if (config.venue.url !== null) {
    const keep = keptSimKeyFile(config.journal.path);
    const account = await simAccount(config, {
      clock: o.clock,
      baseUrl: config.venue.url,
      ...(keep === undefined ? {} : { keep }),
    });
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
  if (o.inProcess !== undefined) {
    const prices = o.inProcess.prices;
    const sim = embeddedSimulator(config.simulator, { ...o, ...(prices === undefined ? {} : { prices }) });
    const account = await simAccount(config, {
      clock: o.clock,
      baseUrl: IN_PROCESS_BASE_URL,
      fetch: sim.fetch,
    });
    return {
      venue: account.venue,
      prices: account.venue,
      describe: 'sim: embedded simulator, its HTTP handler called in process',
      ephemeral: true,
      secrets: account.secrets,
      simulator: sim,
      close: async () => sim.stop(),
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
