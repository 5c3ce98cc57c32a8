import { VirtualClock } from '../src/clock/VirtualClock.ts';
import type { BacktestConfig } from '../src/config/sections/backtest.ts';
import { Executor } from '../src/execution/Executor.ts';
import { MemoryJournal } from '../src/journal/MemoryJournal.ts';
import type { FundingRate } from '../src/market/readFundingRates.ts';
import type { RiskOptions } from '../src/risk/limits.ts';
import { createSimulator, type Simulator } from '../src/simulator/createSimulator.ts';
import { createDirectVenue } from '../src/simulator/direct/createDirectVenue.ts';
import { engineReports } from '../src/simulator/direct/engineReports.ts';
import type { Subaccount } from '../src/simulator/engine/state.ts';
import type { SimMarket } from '../src/simulator/markets.ts';
import { bootstrapAccount } from '../src/simulator/testing/bootstrapAccount.ts';
import { createVenueClient } from '../src/venue/createVenueClient.ts';
import { IN_PROCESS_BASE_URL } from '../src/venue/http/baseUrl.ts';
import { backtestMarkets } from './backtestMarkets.ts';
import { backtestPrices } from './backtestPrices.ts';

const HOUR = 3_600_000;
const WALLET = '0x00000000000000000000000000000000000ba5e1';

/** The live stack with a virtual clock and a historical price source at its edges. */
export interface BacktestWorld {
  readonly clock: VirtualClock;
  readonly sim: Simulator;
  readonly executor: Executor<MemoryJournal>;
  /** The engine's account the executor trades: read for the equity curve, never written. */
  readonly account: Subaccount;
  readonly markets: readonly SimMarket[];
}

export interface WorldInput {
  readonly start: number;
  readonly symbols: readonly string[];
  readonly initialPrices: Readonly<Record<string, number>>;
  readonly settings: BacktestConfig;
  readonly risk?: RiskOptions;
  readonly fundingSeries?: Readonly<Record<string, readonly FundingRate[]>>;
  /**
   * `direct` (default): the in-process port on the engine. `client`: the venue client (ky + zod)
   * over the simulator's in-process fetch, dry-run's path; slower, for parity checks.
   */
  readonly venue?: 'direct' | 'client';
}

/** The typical spacing of a funding series, in whole hours: the epoch its market must have. */
function seriesEpochMs(series: readonly FundingRate[]): number | undefined {
  const gaps: number[] = [];
  for (let i = 1; i < series.length; i++)
    gaps.push((series[i] as FundingRate).time - (series[i - 1] as FundingRate).time);
  gaps.sort((a, b) => a - b);
  const median = gaps[gaps.length >> 1];
  return median === undefined ? undefined : Math.max(1, Math.round(median / HOUR)) * HOUR;
}

/**
 * Builds simulator (fills at once: a backtest has no solver latency), direct venue, account and
 * executor on a MemoryJournal, all on one virtual clock set to the first bar.
 */
export async function createBacktestWorld(input: WorldInput): Promise<BacktestWorld> {
  const clock = new VirtualClock(input.start);
  const settings = withSeriesEpochs(input.settings, input.fundingSeries);
  const markets = backtestMarkets(input.symbols, settings, input.initialPrices);
  const prices = backtestPrices(input.initialPrices, {
    ...(settings.fundingRate === undefined ? {} : { constant: settings.fundingRate }),
    ...(input.fundingSeries === undefined ? {} : { series: input.fundingSeries }),
    epochMs: Object.fromEntries(markets.map((m) => [m.spec.symbol, m.fundingEpochMs])),
  });
  const sim = createSimulator({ clock, seed: 1, prices, markets, fillLatencyMs: { min: 0, max: 0 } });
  const solvers = [...new Set(markets.map((m) => m.spec.solver as string))];
  const acc = await bootstrapAccount(sim.fetch, { wallet: WALLET, collateral: settings.cash, solvers });
  const account = sim.accounts.subaccountsOf(WALLET)[0];
  if (account === undefined) throw new Error('backtest: the simulator made no subaccount');
  const venue =
    input.venue === 'client'
      ? createVenueClient({
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
  const executor = await Executor.start({
    venue,
    journal: new MemoryJournal(clock),
    clock,
    ...(input.risk === undefined ? {} : { risk: input.risk }),
    // One poll right after the fill; resting LIMITs are polled at most once a minute.
    execution: {
      batchWindowMs: 0,
      poll: { firstDelayMs: 1, factor: 4, maxDelayMs: 60_000 },
      // The in-process venue never lags: a position it closed (TP/SL, liquidation) is booked at once.
      reconcile: { convergenceMs: 0 },
    },
  });
  return { clock, sim, executor, account, markets };
}

/** A market with a funding series gets the series' epoch unless the config sets one. */
function withSeriesEpochs(
  settings: BacktestConfig,
  series: Readonly<Record<string, readonly FundingRate[]>> | undefined,
): BacktestConfig {
  if (series === undefined) return settings;
  const markets = { ...settings.markets };
  for (const [symbol, rates] of Object.entries(series)) {
    const epoch = seriesEpochMs(rates);
    if (epoch === undefined || markets[symbol]?.fundingEpochHours !== undefined) continue;
    markets[symbol] = { ...markets[symbol], fundingEpochHours: epoch / HOUR };
  }
  return { ...settings, markets };
}
