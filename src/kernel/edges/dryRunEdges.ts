import type { Clock } from '../../clock/Clock.ts';
import type { PerpflowConfig } from '../../config/schema.ts';
import { ConfigError } from '../../errors/ConfigError.ts';
import type { JournalPort } from '../../journal/JournalPort.ts';
import type { Logger } from '../../log/Logger.ts';
import { engineReports } from '../../simulator/direct/engineReports.ts';
import { manualPrices, type PriceSource } from '../../simulator/prices/PriceSource.ts';
import { createVenueClient } from '../../venue/createVenueClient.ts';
import { IN_PROCESS_BASE_URL } from '../../venue/http/baseUrl.ts';
import { embeddedSimulator } from './embeddedSimulator.ts';
import { paperAccountOf, paperAccountWriter, parsePaperAccount, persistingFetch } from './paperAccount.ts';
import { pricesBegunLater, pricesOf, seededWalk } from './paperPrices.ts';
import { setAsideUnusable } from './setAsideUnusable.ts';
import { simAccount } from './simAccount.ts';
import type { VenueEdges } from './VenueEdges.ts';

/** Where a dry run on a real venue reads its prices: undefined for the embedded simulator (venue.url null). */
function realPrices(venue: {
  readonly url: string | null;
  readonly apiKey: string | null;
  readonly subaccount: string | null;
}): { readonly url: string; readonly apiKey: string; readonly subaccount: string } | undefined {
  const { url, apiKey, subaccount } = venue;
  if (url === null) return undefined;
  if (apiKey === null || subaccount === null)
    throw new ConfigError(
      'a dry run on a real venue (venue.url) reads its prices with venue.apiKey and venue.subaccount: set both, or venue.url: null for the embedded simulator',
    );
  return { url, apiKey, subaccount };
}

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
    /**
     * False for a command that only reads prices (`data record`): no paper account is loaded,
     * advanced or saved, and no journal file is looked at.
     */
    readonly paperAccount?: false;
  },
): Promise<VenueEdges> {
  // Checked before the simulator exists: a refused config must leave nothing running.
  const real = realPrices(config.venue);
  const keeps = o.paperAccount !== false;
  if (keeps && config.journal.url === undefined) setAsideUnusable(config, o);
  // The seeded walk continues from the marks the paper account left: it begins once that is read.
  const later =
    keeps && real === undefined && o.prices === undefined && config.simulator.prices === 'gbm'
      ? pricesBegunLater()
      : undefined;
  const prices = real !== undefined ? manualPrices() : (later?.source ?? o.prices);
  const sim = embeddedSimulator(config.simulator, { ...o, ...(prices === undefined ? {} : { prices }) });
  // Nothing is saved before the run holds its journal's lease (attach): until then another
  // instance may be trading this paper account.
  let save = (): void => {};
  let attached: JournalPort | undefined;
  const fetch = persistingFetch(sim.fetch, () => save());
  const account = await simAccount(config, {
    clock: o.clock,
    baseUrl: IN_PROCESS_BASE_URL,
    fetch,
    // The engine is in this process: it tells each outcome as it decides it, nothing is polled.
    // The paper account is saved before the core hears of it, as after every answer it reads.
    watchRequests: engineReports(sim.engine, { beforeReport: () => save() }),
  });
  const attach = (journal: JournalPort): void => {
    attached = journal;
    const slot = paperAccountOf(journal);
    const text = slot?.read();
    const saved = slot === undefined || text === undefined ? undefined : parsePaperAccount(text, slot.where);
    later?.begin(seededWalk(config, saved));
    if (saved !== undefined) {
      sim.engine.restore(saved);
      const held = saved.subaccounts.reduce((n, s) => n + s.positions.length, 0);
      // A PostgreSQL journal starts over with a new database, not --fresh (runConfig.ts).
      const over = journal.paperAccount === undefined ? '; --fresh starts over' : '';
      o.log.info(`paper account continued from ${slot?.where}: ${held} open position(s)${over}`);
    }
    if (slot !== undefined) save = paperAccountWriter(sim.engine, slot, journal);
    save();
  };
  const close = async (): Promise<void> => {
    // A store that keeps the paper account itself closed with the run: its last commit holds it.
    if (attached?.paperAccount === undefined || !attached.isClosed) save();
    sim.stop();
  };
  const kept = keeps ? { attach } : {};
  if (real === undefined)
    return {
      venue: account.venue,
      prices: account.venue,
      describe: `dry run: embedded simulator (in process), ${pricesOf(config, o.prices)}`,
      ephemeral: true,
      secrets: account.secrets,
      simulator: sim,
      close,
      ...kept,
    };
  const priceClient = createVenueClient({
    baseUrl: real.url,
    apiKey: real.apiKey,
    subaccount: real.subaccount,
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
    pricesFrom: { name: `the venue at ${new URL(real.url).host}`, venue: priceClient },
    describe: `dry run: prices from ${new URL(real.url).host}, fills by the simulator in process`,
    ephemeral: true,
    secrets: account.secrets,
    simulator: sim,
    close,
    ...kept,
  };
}
