import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BacktestWorld } from '../../../backtest/BacktestWorld.ts';
import { intrabarPath } from '../../../backtest/intrabarPath.ts';
import { runBacktest } from '../../../backtest/runBacktest.ts';
import { VirtualClock } from '../../../src/clock/VirtualClock.ts';
import { backtestSchema } from '../../../src/config/sections/backtest.ts';
import type { Bar } from '../../../src/domain/bar.ts';
import type { Fill } from '../../../src/domain/fill.ts';
import { MarketSymbol } from '../../../src/domain/ids.ts';
import type { Intent } from '../../../src/domain/intent.ts';
import { formatFixed } from '../../../src/domain/money.ts';
import { dryRunEdges } from '../../../src/kernel/edges/dryRunEdges.ts';
import { simEdges } from '../../../src/kernel/edges/simEdges.ts';
import { Kernel } from '../../../src/kernel/Kernel.ts';
import { silentLogger } from '../../../src/log/Logger.ts';
import { barsFromTicks } from '../../../src/market/barsFromTicks.ts';
import type { BarColumns } from '../../../src/market/readBarColumns.ts';
import { readBars } from '../../../src/market/readBars.ts';
import { barReplayPrices } from '../../../src/simulator/prices/barReplayPrices.ts';
import type { AnyStrategy } from '../../../src/strategy/defineStrategy.ts';
import { loadConfigWithStrategies } from '../../../src/strategy/loadConfigWithStrategies.ts';
import { driveTo } from '../../kernel/support/driveTo.ts';

/*
 * Issue #13's parity: the same prices through the backtest driver and through the live path give
 * the identical intents and fills. The live path is the kernel in dry-run edges (its embedded
 * simulator filling in process) on a VirtualClock: the simulator replays the bars as marks at their
 * own times (barReplayPrices: open, the backtest's intrabar walk, close), the kernel's shared
 * mark-price poll reads every slot, StrategyStage builds the bars from those marks and decides on
 * them, the Executor sends, the engine fills at once at the next bar's open ± the half-spread —
 * where the backtest fills a MARKET decided on bar t: bar t+1's open, moved by spread/slippage.
 *
 * Hourly crypto bars, not GOOG-1d: across a gap in the data (a weekend, a holiday) the two worlds
 * differ by definition. The backtest fills a decision at the next bar's open, whenever it comes;
 * live has no next bar yet, so the kernel closes the bar on its grace timer (its end + 250 ms),
 * decides then and fills at the mark of that moment, the last close.
 */
export const FILE = join(import.meta.dirname, '../../../data/samples/XRPUSDT-PERP-1h.csv');
// A catalog market, so the dry run's own simulator (dryRunEdges, catalog markets) trades it:
// XRPUSDT's half-spread is 0.0002, its fees 0.0006 + platform, funding every hour.
export const SYMBOL = 'XRPUSDT';
export const HOUR = 3_600_000;
/** Slots per bar: open, first extreme, second extreme, close; the kernel polls every slot. */
const STEPS = 4;
const POLL_MS = HOUR / STEPS;
/** The simulator's own account (simAccount → bootstrapAccount's default wallet). */
const WALLET = '0x00000000000000000000000000000000000a11ce';
export const ACCOUNT = {
  maxOpenPositions: 2,
  maxNotionalPerPosition: 10_000,
  maxTotalNotional: 20_000,
  maxLeverage: 5,
  maxIntentsPerMinute: 100,
  dailyLossLimit: 5_000,
  maxDrawdownPct: 50,
};
/** One strategy of the comparison: a built-in (or a module path) and its params. */
export interface ParityCase {
  readonly module: string;
  readonly params: Readonly<Record<string, unknown>>;
  /** True when it rests TP/SL or LIMIT prices: the bars are then walked through them. */
  readonly triggers?: boolean;
}

/** XRPUSDT's pricePrecision in the simulator's catalog. */
const PRICE_DECIMALS = 4;

/**
 * The file's bars on the market's price grid. The file quotes 5 decimals, XRPUSDT 4: the venue
 * reports marks at its precision (the simulator's mark-price route formats them half-up), so a
 * poller could never see 1.08856, while the backtest hands the strategy the file's value as it is.
 * Both worlds get the prices the market can quote.
 */
export function onGrid(bars: readonly Bar[]): Bar[] {
  const q = (x: number) => Number(formatFixed(x, PRICE_DECIMALS));
  return bars.map((b) => ({ ...b, open: q(b.open), high: q(b.high), low: q(b.low), close: q(b.close) }));
}

/** The same bars as the backtest's columns. */
export function columnsOf(bars: readonly Bar[]): BarColumns {
  const col = (f: (b: Bar) => number) => Float64Array.from(bars, f);
  return {
    symbol: MarketSymbol(SYMBOL),
    intervalMs: HOUR,
    length: bars.length,
    time: col((b) => b.openTime),
    open: col((b) => b.open),
    high: col((b) => b.high),
    low: col((b) => b.low),
    close: col((b) => b.close),
    volume: col((b) => b.volume),
    gaps: [],
  };
}

interface Decided {
  readonly decidedAt: number;
  readonly intent: Intent;
}

/** The live worlds: the dry run (the engine tells the kernel), and sim (the RFQ adapter polls its HTTP routes). */
export type LiveMode = 'dry-run' | 'sim';

export async function loadDryRun(c: ParityCase, mode: LiveMode = 'dry-run') {
  const dir = mkdtempSync(join(tmpdir(), 'perpflow-live-parity-'));
  const file = join(dir, 'dry.yaml');
  // The backtest world's settings, in the config's words: fills at once (no solver latency), one
  // status read 1 ms after the send, no batching window, no convergence wait. Reconciliation and
  // gauges run hourly: a 100-hour replay cannot afford them every few seconds of virtual time.
  writeFileSync(
    file,
    `mode: ${mode}
market: { pollIntervalMs: ${POLL_MS}, staleAfterMs: ${4 * POLL_MS} }
journal: { path: ${join(dir, 'j.sqlite')} }
simulator: { seed: 1, fillLatencyMs: { min: 0, max: 0 } }
execution:
  batchWindowMs: 0
  poll: { firstDelayMs: 1, factor: 4, maxDelayMs: 60000 }
  reconcile: { intervalMs: ${HOUR}, convergenceMs: 0 }
risk:
  account: ${JSON.stringify(ACCOUNT)}
strategies:
  - { id: s, module: ${c.module}, markets: [${SYMBOL}], interval: 1h, params: ${JSON.stringify(c.params)} }
`,
  );
  return loadConfigWithStrategies(file);
}

/** The kernel in dry-run edges on a virtual clock, its simulator replaying `bars` as marks. */
export async function runLive(
  c: ParityCase,
  bars: readonly Bar[],
  until: number,
  mode: LiveMode = 'dry-run',
) {
  const loaded = await loadDryRun(c, mode);
  const clock = new VirtualClock((bars[0] as Bar).openTime);
  let world: Pick<BacktestWorld, 'account' | 'sim'> | undefined;
  const prices = barReplayPrices(bars, {
    steps: STEPS,
    // The backtest's walk: the extreme that hurts the position first. It reads only the account's
    // exposure and the engine, which the dry run's simulator has as the backtest's does.
    path: (b) => intrabarPath(world as BacktestWorld, b.symbol, b.open, b.high, b.low, c.triggers === true),
  });
  const edges =
    mode === 'dry-run'
      ? await dryRunEdges(loaded.config, { clock, log: silentLogger, prices })
      : await simEdges(loaded.config, { clock, log: silentLogger, inProcess: { prices } });
  const sim = edges.simulator;
  const account = sim?.accounts.subaccountsOf(WALLET)[0];
  if (sim === undefined || account === undefined) throw new Error('the dry run built no simulator account');
  world = { sim, account };
  // Every intent a strategy hands the kernel, with the clock time it was decided at.
  const intents: Decided[] = [];
  const kernel = await Kernel.start({
    loaded,
    edges,
    clock,
    log: silentLogger,
    gaugesEveryMs: HOUR,
    onIntent: (intent) => {
      intents.push({ decidedAt: clock.now(), intent });
      return true;
    },
  });
  // The bars the polled marks make, by the kernel's rules (bucketed by the marks' own times).
  const polledBars: Bar[] = [];
  const watching = barsFromTicks(kernel.feed.ticks(MarketSymbol(SYMBOL)), {
    symbol: MarketSymbol(SYMBOL),
    intervalMs: HOUR,
    scheduler: clock.scheduler,
    graceMs: 250,
  }).subscribe((b) => polledBars.push(b));
  await driveTo(clock, until);
  const fills = kernel.executor.fills();
  const journal = kernel.executor.journal.path;
  watching.unsubscribe();
  let stopped = false;
  const stopping = kernel.stop().then(() => {
    stopped = true;
  });
  await clock.runUntil(() => stopped, 60_000);
  await stopping;
  await edges.close();
  return { intents, fills, polledBars, journal };
}

/** A fill with its money as text: a difference shows as digits, not as Decimal internals. */
export const fillLine = (f: Fill) => ({
  ...f,
  quantity: f.quantity.toString(),
  price: f.price.toString(),
  fee: f.fee.toString(),
});

/**
 * One case through both worlds: the backtest over every bar but the last (its decisions on its
 * last bar come at `horizon`, the last bar's open), and the kernel replaying one bar more, stopped
 * halfway through it (it needs that open polled to close the bar before it; with no later mark it
 * would close it 250 ms late, on its grace timer).
 */
export async function runBoth(c: ParityCase) {
  const bars = onGrid(readBars(FILE, { symbol: SYMBOL }));
  const horizon = (bars[bars.length - 1] as Bar).openTime;
  const loaded = await loadDryRun(c);
  const backtest = await runBacktest({
    feeds: [columnsOf(bars)],
    strategies: [
      { id: 's', strategy: loaded.strategies.get('s') as AnyStrategy, markets: [SYMBOL], params: c.params },
    ],
    // The collateral simAccount's faucet gives; spread 2 × XRPUSDT's half-spread, no slippage.
    settings: backtestSchema.parse({ cash: 100_000, spread: 0.0004, slippage: 0 }),
    risk: { account: ACCOUNT },
    to: horizon,
  });
  const live = await runLive(c, bars, horizon + HOUR / 2);
  const sim = await runLive(c, bars, horizon + HOUR / 2, 'sim');
  // Fills up to the horizon. After it the two worlds part by construction: the backtest closes
  // what is left at the last close ('backtest-end'), the kernel fills the last decisions at the
  // extra bar's open.
  const upToHorizon = (fs: readonly Fill[]) => fs.filter((f) => f.ts < horizon).map(fillLine);
  return {
    bars,
    backtest,
    live,
    sim,
    backtestFills: upToHorizon(backtest.fills),
    liveFills: upToHorizon(live.fills),
    simFills: upToHorizon(sim.fills),
  };
}
