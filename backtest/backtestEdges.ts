import type { VirtualClock } from '../src/clock/VirtualClock.ts';
import type { BacktestConfig } from '../src/config/sections/backtest.ts';
import type { VenueEdges } from '../src/kernel/edges/VenueEdges.ts';
import { DrivenMarket } from '../src/market/DrivenMarket.ts';
import type { FundingRate } from '../src/market/readFundingRates.ts';
import { createSimulator } from '../src/simulator/createSimulator.ts';
import { createDirectVenue } from '../src/simulator/direct/createDirectVenue.ts';
import { engineReports } from '../src/simulator/direct/engineReports.ts';
import { bootstrapAccount } from '../src/simulator/testing/bootstrapAccount.ts';
import { IN_PROCESS_BASE_URL } from '../src/venue/http/baseUrl.ts';
import type { BacktestWorld } from './BacktestWorld.ts';
import { backtestMarkets } from './backtestMarkets.ts';
import { backtestPrices } from './backtestPrices.ts';
import { withSeriesEpochs } from './seriesEpochs.ts';

const WALLET = '0x00000000000000000000000000000000000ba5e1';
/**
 * Ended requests and positions the backtest's engine keeps whole (EngineOptions.history): no
 * client polls an old tempId here, and what the executor still asks about (a race with an end, the
 * TP/SL list after a fire) ended within the bar. Older ones keep only their outcome.
 */
export const BACKTEST_HISTORY = 4096;

export interface BacktestEdgesInput {
  readonly clock: VirtualClock;
  readonly intervalMs: number;
  readonly symbols: readonly string[];
  readonly initialPrices: Readonly<Record<string, number>>;
  readonly settings: BacktestConfig;
  readonly fundingSeries?: Readonly<Record<string, readonly FundingRate[]>>;
  /**
   * `direct` (default): the in-process port on the engine. `client`: the venue client (ky + zod)
   * over the simulator's in-process fetch, dry-run's path; slower, for parity checks.
   */
  readonly venue?: 'direct' | 'client';
}

export interface BacktestEdges {
  /** What the kernel is built with: the in-process venue, and a market the driver pushes. */
  readonly edges: VenueEdges & { readonly market: DrivenMarket };
  readonly world: BacktestWorld;
}

/**
 * The backtest's edges of the one kernel: a simulator that fills at once (a backtest has no solver
 * latency) on the historical prices, its account funded with the backtest's cash, the in-process
 * venue adapter over it (the engine reports each outcome as it decides it), and a DrivenMarket
 * the bar walk pushes marks and bars into. All on one virtual clock set to the first bar.
 */
export async function backtestEdges(input: BacktestEdgesInput): Promise<BacktestEdges> {
  const { clock } = input;
  const settings = withSeriesEpochs(input.settings, input.fundingSeries);
  const markets = backtestMarkets(input.symbols, settings, input.initialPrices);
  const prices = backtestPrices(input.initialPrices, {
    ...(settings.fundingRate === undefined ? {} : { constant: settings.fundingRate }),
    ...(input.fundingSeries === undefined ? {} : { series: input.fundingSeries }),
    epochMs: Object.fromEntries(markets.map((m) => [m.spec.symbol, m.fundingEpochMs])),
  });
  const sim = createSimulator({
    clock,
    seed: 1,
    prices,
    markets,
    fillLatencyMs: { min: 0, max: 0 },
    history: BACKTEST_HISTORY,
  });
  const solvers = [...new Set<string>(markets.map((m) => m.spec.solver))];
  // Through the simulator's handler itself: the steps' requests without Request and Response objects.
  const acc = await bootstrapAccount(
    { handle: sim.handle },
    { wallet: WALLET, collateral: settings.cash, solvers },
  );
  const account = sim.accounts.subaccountsOf(WALLET)[0];
  if (account === undefined) throw new Error('backtest: the simulator made no subaccount');
  const venue =
    input.venue === 'client'
      ? // The HTTP client (ky and its mappers) loads only for the parity test that asks for it.
        (await import('../src/venue/createVenueClient.ts')).createVenueClient({
          baseUrl: IN_PROCESS_BASE_URL,
          apiKey: acc.apiKey,
          subaccount: acc.subaccount,
          fetch: sim.fetch,
          clock,
          budget: { ratePerSecond: 1_000_000, burst: 1_000_000 },
          // As in a dry run: the client for every call, the engine telling outcomes as it decides them.
          watchRequests: engineReports(sim.engine),
        })
      : createDirectVenue(sim, { apiKey: acc.apiKey, subaccount: acc.subaccount });
  return {
    edges: {
      venue,
      prices: venue,
      market: new DrivenMarket(input.intervalMs),
      describe: 'backtest: historical bars on the in-process simulator',
      ephemeral: true,
      secrets: [acc.apiKey],
      simulator: sim,
      close: async () => sim.stop(),
    },
    world: { clock, sim, account, markets },
  };
}
