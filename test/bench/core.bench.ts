/**
 * node test/bench/core.bench.ts — the execution core as a backtest drives it (issue 10):
 *  (a) BARS one-minute bars through executor + risk gate + MemoryJournal + simulator engine on a
 *      VirtualClock, no strategy, a MARKET open or close every 1,000 bars from a fixed schedule,
 *      against the simulator engine alone fed the same bars and the same orders;
 *  (b) the round trip of one intent in process (gate → journal → submit → fill → status →
 *      terminal → ledger), against the engine's own submit + fill of the same order. The intents
 *      are built (ids derived) before timing starts, as a strategy builds them.
 * The venue is the direct port on the engine, as the backtester uses it; VENUE=client puts the
 * venue client over the in-process fetch (ky + zod) in its place. BARS (default 1,000,000) and ROUND_TRIPS (default 10,000) size the runs;
 * (b) times the steady state a long backtest runs in: WARMUP round trips (default 2,000) first, untimed, so the
 * figure is not the JIT's first tier (50 warm-up round trips left it 1.5–2× slower than a long run).
 * It runs under the V8 flags of `perpflow backtest` (bin/backtestNodeFlags.js), re-executing itself when
 * started without them. It also counts the event-loop turns of a round trip (the clock's timers that fire, each one
 * trip through the loop on the virtual clock) and the heap it allocates (allocatedBytes).
 */

import { GCProfiler } from 'node:v8';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { MarketSymbol, StrategyId } from '../../src/domain/ids.ts';
import type { CloseIntent, OpenIntent } from '../../src/domain/intent.ts';
import { deriveIntentId } from '../../src/domain/intentId.ts';
import { dec } from '../../src/domain/money.ts';
import type { PriceTick } from '../../src/domain/tick.ts';
import { Executor } from '../../src/execution/Executor.ts';
import { MemoryJournal } from '../../src/journal/MemoryJournal.ts';
import { createSimulator, type Simulator } from '../../src/simulator/createSimulator.ts';
import { createDirectVenue } from '../../src/simulator/direct/createDirectVenue.ts';
import { manualPrices } from '../../src/simulator/prices/PriceSource.ts';
import { bootstrapAccount } from '../../src/simulator/testing/bootstrapAccount.ts';
import { createVenueClient } from '../../src/venue/createVenueClient.ts';
import { IN_PROCESS_BASE_URL } from '../../src/venue/http/baseUrl.ts';
import type { VenuePort } from '../../src/venue/VenuePort.ts';
import { allocatedBytes } from './support/allocatedBytes.ts';
import { underBacktestFlags } from './support/underBacktestFlags.ts';

// The heap of `perpflow backtest` (bin/backtestNodeFlags.js): its young generation and pretenuring decide the round trip's allocation cost.
underBacktestFlags(import.meta.url);

const BARS = Number(process.env.BARS ?? 1_000_000);
const ROUND_TRIPS = Number(process.env.ROUND_TRIPS ?? 10_000);
const WARMUP = Number(process.env.WARMUP ?? 2_000);
const EVERY = 1_000;
const VENUE = process.env.VENUE ?? 'direct';
const MINUTE = 60_000;
const T0 = Date.UTC(2026, 0, 5);
const SYMBOL = MarketSymbol('BTCUSDT');
const S = StrategyId('bench');
const QTY = 0.01;

/** Seeded noise on a slow swing around 60,000 (bounded, so every order stays within the market's notional range). */
function walk(n: number): Float64Array {
  const out = new Float64Array(n);
  let seed = 42;
  for (let i = 0; i < n; i++) {
    seed = (seed * 1_103_515_245 + 12_345) >>> 0;
    out[i] = 60_000 * (1 + 0.1 * Math.sin(i / 7_919)) * (1 + (seed / 2 ** 32 - 0.5) * 0.002);
  }
  return out;
}

async function world(): Promise<{ clock: VirtualClock; sim: Simulator; venue: VenuePort }> {
  // The backtest's clock (runBacktest.ts): with the direct port, reactions settle as microtasks.
  const clock = new VirtualClock(T0, { settle: VENUE === 'direct' ? 'microtasks' : 'turn' });
  const sim = createSimulator({
    clock,
    seed: 1,
    prices: manualPrices({ BTCUSDT: 60_000 }),
    fillLatencyMs: { min: 200, max: 200 },
  });
  const acc = await bootstrapAccount(sim.fetch);
  const venue = await venueFor(VENUE, sim, acc);
  return { clock, sim, venue };
}

async function venueFor(
  kind: string,
  sim: Simulator,
  acc: { apiKey: string; subaccount: string },
): Promise<VenuePort> {
  if (kind === 'direct') return createDirectVenue(sim, { apiKey: acc.apiKey, subaccount: acc.subaccount });
  return createVenueClient({
    baseUrl: IN_PROCESS_BASE_URL,
    apiKey: acc.apiKey,
    subaccount: acc.subaccount,
    fetch: sim.fetch,
    clock: sim.engine.clock,
    budget: { ratePerSecond: 1_000_000, burst: 1_000_000 },
  } as Parameters<typeof createVenueClient>[0]);
}

const open = (k: number): OpenIntent => ({
  kind: 'open',
  intentId: deriveIntentId(S, `o${k}`),
  strategyId: S,
  createdAt: 0,
  symbol: SYMBOL,
  side: 'LONG',
  quantity: dec(QTY),
  leverage: 5,
  orderType: 'MARKET',
  slippage: dec('0.05'),
});
const close = (k: number): CloseIntent => ({
  kind: 'close',
  intentId: deriveIntentId(S, `c${k}`),
  strategyId: S,
  createdAt: 0,
  symbol: SYMBOL,
  position: { by: 'intent', intentId: deriveIntentId(S, `o${k}`) },
  quantity: 'all',
  orderType: 'MARKET',
  slippage: dec('0.05'),
});

async function startExecutor(venue: VenuePort, clock: VirtualClock): Promise<Executor<MemoryJournal>> {
  return Executor.start({
    venue,
    journal: new MemoryJournal(clock),
    clock,
    execution: { batchWindowMs: 0, poll: { firstDelayMs: 200 } },
  } as Parameters<typeof Executor.start>[0]) as Promise<Executor<MemoryJournal>>;
}

type Subaccount = Parameters<Simulator['engine']['submitOpen']>[0];

/** The baseline's order n straight into the engine: even n opens the long, odd n closes it. */
function engineOrder(sim: Simulator, subaccount: Subaccount, n: number): void {
  if (n % 2 === 0) {
    sim.engine.submitOpen(subaccount, {
      marketId: 1,
      positionType: 'LONG',
      orderType: 'MARKET',
      quantity: QTY,
      leverage: 5,
      slippage: 0.05,
    });
    return;
  }
  const q = sim.engine.positions(subaccount)[0];
  if (q !== undefined)
    sim.engine.submitClose(q, { quantityToClose: QTY, orderType: 'MARKET', slippage: 0.05 });
}

// (a) ------------------------------------------------------------------------------------------
async function barsThroughCore(closes: Float64Array): Promise<{ ms: number; fills: number }> {
  const { clock, sim, venue } = await world();
  const ex = await startExecutor(venue, clock);
  let busy = false;
  let k = 0;
  const t0 = performance.now();
  for (let i = 0; i < closes.length; i++) {
    const price = closes[i] as number;
    const t = clock.now();
    sim.engine.setMark(SYMBOL, price, t);
    ex.onPrices([{ symbol: SYMBOL, mark: price, ts: t } satisfies PriceTick]);
    if (i % EVERY === 0) {
      const n = i / EVERY;
      void ex.submit(n % 2 === 0 ? open(k) : close(k++));
      busy = true;
    }
    if (busy) {
      await clock.advance(MINUTE);
      busy = !ex.isIdle();
    } else clock.advanceSync(MINUTE);
  }
  const ms = performance.now() - t0;
  const fills = ex.fills().length;
  await ex.stop();
  return { ms, fills };
}

async function barsThroughEngine(closes: Float64Array): Promise<{ ms: number; fills: number }> {
  const { clock, sim } = await world();
  const subaccount = [...sim.accounts.subaccountsOf('0x00000000000000000000000000000000000a11ce')][0];
  if (subaccount === undefined) throw new Error('no subaccount');
  let fills = 0;
  const t0 = performance.now();
  for (let i = 0; i < closes.length; i++) {
    const price = closes[i] as number;
    sim.engine.setMark(SYMBOL, price, clock.now());
    if (i % EVERY === 0) {
      engineOrder(sim, subaccount, i / EVERY);
      fills++;
    }
    clock.advanceSync(MINUTE);
  }
  return { ms: performance.now() - t0, fills };
}

/** CPU time (user + system) since `from`, µs: steadier than wall time on a shared machine. */
function cpuMicros(from: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(from);
  return d.user + d.system;
}

/** Per-trip CPU µs in order of size, with the cost of reading the CPU clock itself taken off. */
interface TripCpu {
  readonly sorted: Float64Array;
  readonly mean: number;
  /** Of the total CPU, the share the slowest 1 % of trips took (where the collector's pauses land). */
  readonly slowestShare: number;
  /** Garbage collection inside the timed trips, µs per trip (V8's GC profiler). */
  readonly gcPerTrip: number;
}

const at = (a: Float64Array, q: number): number => a[Math.min(a.length - 1, Math.floor(a.length * q))] ?? NaN;

/** What one `process.cpuUsage(from)` pair costs on this host, µs: subtracted from each trip. */
function clockReadCost(): number {
  const k = 20_000;
  const c0 = process.cpuUsage();
  for (let i = 0; i < k; i++) cpuMicros(process.cpuUsage());
  return cpuMicros(c0) / k;
}

async function timeTrips(n: number, trip: (i: number) => Promise<void> | void): Promise<TripCpu> {
  const per = new Float64Array(n);
  const overhead = clockReadCost();
  const gc = new GCProfiler();
  gc.start();
  for (let i = 0; i < n; i++) {
    const c = process.cpuUsage();
    await trip(i);
    per[i] = Math.max(0, cpuMicros(c) - overhead);
  }
  const gcs = gc.stop()?.statistics ?? [];
  let gcMicros = 0;
  for (const g of gcs) gcMicros += g.cost;
  let total = 0;
  for (let i = 0; i < n; i++) total += per[i] ?? 0;
  per.sort();
  let slowest = 0;
  for (let i = Math.floor(n * 0.99); i < n; i++) slowest += per[i] ?? 0;
  return { sorted: per, mean: total / n, slowestShare: slowest / total, gcPerTrip: gcMicros / n };
}

// (b) ------------------------------------------------------------------------------------------
async function roundTrips(n: number): Promise<{
  ours: number;
  engine: number;
  oursCpu: TripCpu;
  engineCpu: TripCpu;
  turns: number;
  bytes: number;
}> {
  const { clock, sim, venue } = await world();
  const ex = await startExecutor(venue, clock);
  let fired = 0;
  const setTimer = clock.setTimeout.bind(clock);
  clock.setTimeout = (fn, ms) =>
    setTimer(() => {
      fired++;
      fn();
    }, ms);
  const idle = () => ex.isIdle();
  for (let w = 0; w < WARMUP; w++) {
    await ex.submit(w % 2 === 0 ? open(1_000_000 + w) : close(1_000_000 + w - 1));
    await clock.runUntil(idle);
  }
  // The intents exist before the clock starts: a strategy makes them, the core's round trip begins at submit.
  const intents = Array.from({ length: n }, (_, i) =>
    i % 2 === 0 ? open(2_000_000 + i) : close(2_000_000 + i - 1),
  );
  let t0 = performance.now();
  for (let i = 0; i < n; i++) {
    await ex.submit(intents[i] as OpenIntent | CloseIntent);
    await clock.runUntil(idle);
  }
  const ours = ((performance.now() - t0) * 1000) / n;
  // Timed again trip by trip for the CPU figures: the median is the goal's figure.
  const timed = Array.from({ length: n }, (_, i) =>
    i % 2 === 0 ? open(4_000_000 + i) : close(4_000_000 + i - 1),
  );
  const oursCpu = await timeTrips(n, async (i) => {
    await ex.submit(timed[i] as OpenIntent | CloseIntent);
    await clock.runUntil(idle);
  });
  // Counted apart from the timing: the same round trips again, turns and heap only.
  const more = Array.from({ length: n }, (_, i) =>
    i % 2 === 0 ? open(3_000_000 + i) : close(3_000_000 + i - 1),
  );
  fired = 0;
  const bytes = await allocatedBytes(async () => {
    for (let i = 0; i < n; i++) {
      await ex.submit(more[i] as OpenIntent | CloseIntent);
      await clock.runUntil(idle);
    }
  });
  const turns = fired / n;
  await ex.stop();

  const subaccount = sim.accounts.subaccountsOf('0x00000000000000000000000000000000000a11ce')[0];
  if (subaccount === undefined) throw new Error('no subaccount');
  t0 = performance.now();
  for (let i = 0; i < n; i++) {
    engineOrder(sim, subaccount, i);
    clock.advanceSync(1_000);
  }
  const engine = ((performance.now() - t0) * 1000) / n;
  const engineCpu = await timeTrips(n, (i) => {
    engineOrder(sim, subaccount, n + i);
    clock.advanceSync(1_000);
  });
  return { ours, engine, oursCpu, engineCpu, turns, bytes: bytes / n };
}

const closes = walk(BARS);
const base = await barsThroughEngine(closes);
const ours = await barsThroughCore(closes);
const rt = await roundTrips(ROUND_TRIPS);
const rate = (ms: number) => Math.round((BARS / ms) * 1000);
const fmt = (n: number) => n.toLocaleString('en-US');
const pct = (x: number) => `${(x * 100).toFixed(0)} %`;
process.stdout.write(
  [
    `venue: ${VENUE === 'direct' ? 'the direct port on the engine, as a backtest uses it' : 'the venue client over the in-process fetch (ky + zod)'}`,
    '| what | perpflow core | engine alone (same run) | ratio | goal |',
    '|---|---|---|---|---|',
    `| ${fmt(BARS)} 1-min bars, an order every ${EVERY}, bars/s | ${fmt(rate(ours.ms))} (${ours.fills} fills) | ${fmt(rate(base.ms))} | ${(ours.ms / base.ms).toFixed(2)}× the time | ≥ 1,000,000 bars/s, ≤ 3× |`,
    `| one intent's round trip in process, µs | ${rt.ours.toFixed(1)} | ${rt.engine.toFixed(1)} (engine submit + fill) | ${(rt.ours / rt.engine).toFixed(1)}× | ≤ 15 µs |`,
    `| the same, CPU µs per trip (user + system), **median** | ${at(rt.oursCpu.sorted, 0.5).toFixed(1)} | ${at(rt.engineCpu.sorted, 0.5).toFixed(1)} | ${(at(rt.oursCpu.sorted, 0.5) / at(rt.engineCpu.sorted, 0.5)).toFixed(1)}× | ≤ 15 µs |`,
    `| the same, p90 / mean CPU µs | ${at(rt.oursCpu.sorted, 0.9).toFixed(1)} / ${rt.oursCpu.mean.toFixed(1)} | ${at(rt.engineCpu.sorted, 0.9).toFixed(1)} / ${rt.engineCpu.mean.toFixed(1)} | | |`,
    `| share of the CPU in the slowest 1 % of trips; garbage collection µs per trip | ${pct(rt.oursCpu.slowestShare)}; ${rt.oursCpu.gcPerTrip.toFixed(1)} | ${pct(rt.engineCpu.slowestShare)}; ${rt.engineCpu.gcPerTrip.toFixed(1)} | | |`,
    `| event-loop turns per round trip (timers fired) | ${rt.turns.toFixed(2)} | | | ≤ 2 |`,
    `| heap allocated per round trip, KB | ${(rt.bytes / 1024).toFixed(1)} | | | |`,
    '',
  ].join('\n'),
);
