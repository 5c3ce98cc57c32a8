import type { VirtualClock } from '../../../src/clock/VirtualClock.ts';
import type { PerpflowConfig } from '../../../src/config/schema.ts';
import { simAccount } from '../../../src/kernel/edges/simAccount.ts';
import type { VenueEdges } from '../../../src/kernel/edges/VenueEdges.ts';
import { createSimulator, type Simulator } from '../../../src/simulator/createSimulator.ts';
import { manualPrices } from '../../../src/simulator/prices/PriceSource.ts';
import { IN_PROCESS_BASE_URL } from '../../../src/venue/http/baseUrl.ts';

/**
 * An in-process simulator at fixed prices, filling after `fillMs`, and a kernel's edges on an
 * account of it: what a kernel test starts on. `ephemeral` says whether the journal outlives the run.
 */
export async function simTestEdges(
  config: PerpflowConfig,
  o: {
    readonly clock: VirtualClock;
    readonly prices: Readonly<Record<string, number>>;
    readonly fillMs: number;
    readonly ephemeral: boolean;
  },
): Promise<{ readonly sim: Simulator; readonly edges: VenueEdges }> {
  const { clock } = o;
  const sim = createSimulator({
    clock,
    fillLatencyMs: { min: o.fillMs, max: o.fillMs },
    prices: manualPrices(o.prices),
  });
  const account = await simAccount(config, { clock, baseUrl: IN_PROCESS_BASE_URL, fetch: sim.fetch });
  const edges = {
    venue: account.venue,
    prices: account.venue,
    describe: 'test',
    ephemeral: o.ephemeral,
    secrets: account.secrets,
    close: async () => {},
  };
  return { sim, edges };
}
