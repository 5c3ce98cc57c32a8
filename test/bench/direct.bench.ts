/**
 * One intent's venue round trip in process, as the backtester drives it: submit a MARKET open
 * (or the close of it), let the fill happen on the VirtualClock (fixed 1 ms latency,
 * `advanceSync`), poll its status until terminal. Three ways, in the same run, on the same
 * kind of simulator: the engine alone (submitOpen/submitClose + engine.request: the floor),
 * the direct VenueClient (createDirectVenue) and the venue client over the in-process fetch.
 * Budget (issue 10): the backtester's whole intent round trip is ≤ 15 µs.
 *
 *   npm run bench -- direct
 */
import { performance } from 'node:perf_hooks';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { MarketSymbol, type QuoteId, type TempId } from '../../src/domain/ids.ts';
import { dec } from '../../src/domain/money.ts';
import type { RequestKind } from '../../src/domain/venueStatus.ts';
import {
  bootstrapAccount,
  createDirectVenue,
  createSimulator,
  manualPrices,
} from '../../src/simulator/index.ts';
import { createVenueClient } from '../../src/venue/createVenueClient.ts';
import { IN_PROCESS_BASE_URL } from '../../src/venue/http/baseUrl.ts';
import { RequestBudget } from '../../src/venue/http/requestBudget.ts';
import type { VenueClient } from '../../src/venue/VenuePort.ts';

const ROUND_TRIPS = Number(process.env.BENCH_N ?? 40_000);
const ROUNDS = 5;
const BTC = MarketSymbol('BTCUSDT');

async function setup() {
  const clock = new VirtualClock(Date.UTC(2026, 0, 6, 12));
  const sim = createSimulator({
    clock,
    seed: 3,
    prices: manualPrices({ BTCUSDT: 96_000 }),
    fillLatencyMs: { min: 1, max: 1 },
  });
  const account = await bootstrapAccount(sim.fetch, { baseUrl: IN_PROCESS_BASE_URL, collateral: 1e9 });
  return { clock, sim, account };
}

type Lap = (n: number) => Promise<number>;

/** Open, fill, poll; then close, fill, poll: `n` round trips, returns ms. */
function portLap(venue: VenueClient, clock: VirtualClock): Lap {
  const terminal = async (kind: RequestKind, id: TempId, want: string) => {
    clock.advanceSync(1);
    const r = await venue.requestStatus(kind, id);
    if (r?.status !== want) throw new Error(`${kind} ${id}: ${r?.status ?? 'null'}, expected ${want}`);
    return r;
  };
  return async (n) => {
    const t0 = performance.now();
    for (let i = 0; i < n; i += 2) {
      const open = await venue.openPosition({
        symbol: BTC,
        side: 'LONG',
        orderType: 'MARKET',
        quantity: dec('0.01'),
        leverage: 5,
        slippage: dec('0.01'),
      });
      const opened = await terminal('open', open.tempId, 'OPENED');
      const close = await venue.closePosition({
        quoteId: opened.quoteId as QuoteId,
        symbol: BTC,
        quantity: dec('0.01'),
        orderType: 'MARKET',
        slippage: dec('0.01'),
      });
      await terminal('close', close.tempId, 'CLOSED');
    }
    return performance.now() - t0;
  };
}

async function engineLap(): Promise<Lap> {
  const { clock, sim, account } = await setup();
  const sub = sim.accounts.subaccount(account.subaccount, account.chainId);
  const { engine } = sim;
  return async (n) => {
    const t0 = performance.now();
    for (let i = 0; i < n; i += 2) {
      const open = engine.submitOpen(sub, {
        marketId: 1,
        positionType: 'LONG',
        orderType: 'MARKET',
        quantity: 0.01,
        leverage: 5,
        slippage: 0.01,
        solver: 'PERPS_HUB',
      } as never);
      clock.advanceSync(1);
      const r = engine.request(open.tempId);
      if (r?.status !== 'OPENED') throw new Error('engine open did not fill');
      const q = engine.quote(r.quote.quoteId as string);
      if (!q) throw new Error('no quote');
      const close = engine.submitClose(q, {
        quantityToClose: 0.01,
        orderType: 'MARKET',
        slippage: 0.01,
      } as never);
      clock.advanceSync(1);
      if (engine.request(close.tempId)?.status !== 'CLOSED') throw new Error('engine close did not fill');
    }
    return performance.now() - t0;
  };
}

async function directLap(): Promise<Lap> {
  const { clock, sim, account } = await setup();
  return portLap(createDirectVenue(sim, { apiKey: account.apiKey, subaccount: account.subaccount }), clock);
}

async function fetchLap(): Promise<Lap> {
  const { clock, sim, account } = await setup();
  const venue = createVenueClient({
    baseUrl: IN_PROCESS_BASE_URL,
    apiKey: account.apiKey,
    subaccount: account.subaccount,
    clock,
    fetch: sim.fetch,
    budget: new RequestBudget(clock, { ratePerSecond: 1e12, burst: 1e12 }),
  });
  return portLap(venue, clock);
}

// BENCH_ONLY=direct runs one side alone (for a CPU profile); the ratios need all three.
const only = process.env.BENCH_ONLY;
const sides: [string, Lap, number][] = [
  ['engine alone (floor)', await engineLap(), ROUND_TRIPS],
  ['direct VenueClient', await directLap(), ROUND_TRIPS],
  ['client over in-process fetch', await fetchLap(), Math.max(2, Math.floor(ROUND_TRIPS / 20))],
].filter(([name]) => only === undefined || (name as string).startsWith(only)) as [string, Lap, number][];
const best = new Map<string, number>();
for (const [, lap, n] of sides) await lap(Math.min(n, 2_000)); // warm-up
for (let round = 0; round < ROUNDS; round++)
  for (const [name, lap, n] of sides) {
    const us = ((await lap(n)) * 1000) / n;
    best.set(name, Math.min(best.get(name) ?? Number.POSITIVE_INFINITY, us));
  }

const floor = best.get('engine alone (floor)') ?? Number.NaN;
const directUs = best.get('direct VenueClient') ?? Number.NaN;
process.stdout.write('round trip = submit + fill on the VirtualClock + status poll (best of 5 rounds)\n');
for (const [name] of sides) {
  const us = best.get(name) as number;
  process.stdout.write(
    `${name.padEnd(30)} ${us.toFixed(2).padStart(8)} µs/round trip   ×${(us / floor).toFixed(1)} the engine   ×${(us / directUs).toFixed(2)} direct\n`,
  );
}
process.stdout.write(`direct within the 15 µs intent budget: ${directUs <= 15 ? 'yes' : 'no'}\n`);
