import { existsSync } from 'node:fs';
import type { Clock } from '../../clock/Clock.ts';
import type { PerpflowConfig } from '../../config/schema.ts';
import { ConfigError } from '../../errors/ConfigError.ts';
import { assertPerpflowJournal } from '../../journal/readOnlyJournal.ts';
import type { Logger } from '../../log/Logger.ts';
import { describeError } from '../../log/redact.ts';
import { engineReports } from '../../simulator/direct/engineReports.ts';
import { manualPrices, type PriceSource } from '../../simulator/prices/PriceSource.ts';
import { createVenueClient } from '../../venue/createVenueClient.ts';
import { IN_PROCESS_BASE_URL } from '../../venue/http/baseUrl.ts';
import { backUpForFreshStart, journalFileFor, paperAccountFileFor } from '../journalFor.ts';
import { embeddedSimulator } from './embeddedSimulator.ts';
import { paperAccountWriter, persistingFetch, readPaperAccount } from './paperAccount.ts';
import { continuedWalk, pricesOf } from './paperPrices.ts';
import { simAccount } from './simAccount.ts';
import type { VenueEdges } from './VenueEdges.ts';

/** Why the journal file cannot be continued (not a readable perpflow journal), or undefined. */
function unusableJournal(file: string): string | undefined {
  if (file === ':memory:' || !existsSync(file)) return undefined;
  try {
    assertPerpflowJournal(file);
    return undefined;
  } catch (e) {
    return `${file} cannot be read (${describeError(e)})`;
  }
}

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
  },
): Promise<VenueEdges> {
  // Checked before the simulator exists: a refused config must leave nothing running.
  const real = realPrices(config.venue);
  const journalFile = journalFileFor(config.journal.path, config.mode);
  const paperFile = paperAccountFileFor(journalFile);
  const stamp = new Date(o.clock.now()).toISOString().replace(/[:.]/g, '-');
  const why = unusableJournal(journalFile);
  if (why !== undefined)
    // Paper money only: a dry run whose journal cannot be read starts over (live refuses to start).
    for (const b of backUpForFreshStart(journalFile, stamp))
      o.log.warn(`the dry-run journal ${why}; it was kept aside as ${b}; starting over`);
  const saved = paperFile === undefined ? undefined : readPaperAccount(paperFile);
  if (paperFile !== undefined && saved === undefined && existsSync(journalFile)) {
    // A journal without its paper account (left by a version that did not keep one, or whose
    // paper account was deleted) records positions no venue holds: keep it aside, start over.
    for (const b of backUpForFreshStart(journalFile, stamp))
      o.log.warn(`a dry-run journal without its paper account was kept aside as ${b}; starting over`);
  }
  const prices = real !== undefined ? manualPrices() : (o.prices ?? continuedWalk(config, saved));
  const sim = embeddedSimulator(config.simulator, { ...o, ...(prices === undefined ? {} : { prices }) });
  const save = paperFile === undefined ? () => {} : paperAccountWriter(sim.engine, paperFile);
  const fetch = persistingFetch(sim.fetch, save);
  const account = await simAccount(config, {
    clock: o.clock,
    baseUrl: IN_PROCESS_BASE_URL,
    fetch,
    // The engine is in this process: it tells each outcome as it decides it, nothing is polled.
    // The paper account is saved before the core hears of it, as after every answer it reads.
    watchRequests: engineReports(sim.engine, { beforeReport: save }),
  });
  if (saved !== undefined) {
    sim.engine.restore(saved);
    const held = saved.subaccounts.reduce((n, s) => n + s.positions.length, 0);
    o.log.info(`paper account continued from ${paperFile}: ${held} open position(s); --fresh starts over`);
  }
  save();
  const close = async (): Promise<void> => {
    save();
    sim.stop();
  };
  if (real === undefined)
    return {
      venue: account.venue,
      prices: account.venue,
      describe: `dry run: embedded simulator (in process), ${pricesOf(config, o.prices)}`,
      ephemeral: true,
      secrets: account.secrets,
      simulator: sim,
      close,
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
    describe: `dry run: prices from ${new URL(real.url).host}, fills by the simulator in process`,
    ephemeral: true,
    secrets: account.secrets,
    simulator: sim,
    close,
  };
}
