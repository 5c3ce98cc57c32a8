import type { BacktestConfig } from '../src/config/sections/backtest.ts';
import type { Fill } from '../src/domain/fill.ts';
import { MarketSymbol, StrategyId } from '../src/domain/ids.ts';
import type { CloseIntent, Intent } from '../src/domain/intent.ts';
import { deriveIntentId } from '../src/domain/intentId.ts';
import { dec } from '../src/domain/money.ts';
import type { ExecutionEvent } from '../src/execution/events.ts';
import { ExecutorBook } from '../src/kernel/executorBook.ts';
import { routeToStrategies } from '../src/kernel/routeToStrategies.ts';
import { type SilentStrategy, StrategyActivity } from '../src/kernel/strategyActivity.ts';
import type { BarColumns } from '../src/market/readBarColumns.ts';
import type { FundingRate } from '../src/market/readFundingRates.ts';
import type { RiskOptions } from '../src/risk/limits.ts';
import { type AnyStrategy, warmupOf } from '../src/strategy/defineStrategy.ts';
import { MarketData } from '../src/strategy/MarketData.ts';
import type { StrategyEvent } from '../src/strategy/runnerEvents.ts';
import { StrategyHost } from '../src/strategy/StrategyHost.ts';
import { StrategyRunner } from '../src/strategy/StrategyRunner.ts';
import { MemoryStateStore } from '../src/strategy/StrategyState.ts';
import { validateStrategyParams } from '../src/strategy/validateStrategyParams.ts';
import { type BacktestWorld, createBacktestWorld } from './BacktestWorld.ts';
import { BarWalker, WALKED } from './BarWalker.ts';
import { equityReader } from './equityReader.ts';
import { liveHooks } from './liveHooks.ts';
import type { TradeRecord } from './metrics/TradeRecord.ts';
import { barTimeLookup, type Timeline, timelineOf } from './timeline.ts';
import { tradesFromFills } from './tradesFromFills.ts';
import { venueCloseReader } from './venueCloseReader.ts';

export interface BacktestStrategy {
  readonly id: string;
  readonly strategy: AnyStrategy;
  readonly markets: readonly string[];
  readonly params: unknown;
}

export interface BacktestInput {
  /** One column set per market; all with the same bar interval. */
  readonly feeds: readonly BarColumns[];
  readonly strategies: readonly BacktestStrategy[];
  readonly settings: BacktestConfig;
  readonly risk?: RiskOptions;
  readonly fundingSeries?: Readonly<Record<string, readonly FundingRate[]>>;
  /** Bars whose open time is ≥ from and < to (epoch ms). */
  readonly from?: number;
  readonly to?: number;
  /** The venue port under the executor (see WorldInput.venue); default the direct port. */
  readonly venue?: 'direct' | 'client';
  /** Called every few thousand bars and at the end. */
  readonly onProgress?: (done: number, total: number) => void;
  /** The executor's events (venue calls, transitions, fills), as the kernel's log sees them live. */
  readonly onExecutionEvent?: (e: ExecutionEvent) => void;
}

export interface BacktestResult {
  readonly intervalMs: number;
  readonly initialCash: number;
  readonly finalEquity: number;
  /** One point per bar time: the account's equity at that bar's close (label: the bar's open time). */
  readonly equity: { readonly time: Float64Array; readonly equity: Float64Array };
  readonly trades: readonly TradeRecord[];
  readonly strategyEvents: readonly StrategyEvent[];
  /** Intents the risk gate or the executor refused, with the reason. */
  readonly denials: readonly { readonly intentId: string; readonly reason: string }[];
  /** Every intent the strategies emitted, in order, with the bar time it was decided on. */
  readonly intents: readonly { readonly decidedAt: number; readonly intent: Intent }[];
  /** The executor's fills, as it booked them. */
  readonly fills: readonly Fill[];
  /** Strategies that did nothing over the whole run: no hook ran, or no intent came out. */
  readonly warnings: readonly SilentStrategy[];
}

/** How long after a bar's open the driver lets submitted requests settle before walking the bar. */
const SETTLE_MS = 50;
const PROGRESS_EVERY = 4096;

/**
 * Runs strategies over historical bars through the live stack: StrategyRunner/StrategyHost,
 * risk gate, Executor, MemoryJournal, simulator engine. Per bar time T: the clock moves to T,
 * marks become the bars' opens, the intents decided on the previous bar go to the executor and
 * fill at that open; then each bar is walked open → adverse extreme → other extreme → close
 * (TP/SL, LIMITs and liquidation see it), the clock moves to the close, and only then do the
 * strategies see the bar. Positions left at the end are closed at the last close.
 */
export async function runBacktest(input: BacktestInput): Promise<BacktestResult> {
  const tl = timelineOf(input.feeds, input.from, input.to);
  const symbols = input.feeds.map((f) => f.symbol as string);
  const initialPrices = Object.fromEntries(
    input.feeds.map((f, k) => [f.symbol, f.open[tl.first[k] as number] ?? 1]),
  );
  const world = await createBacktestWorld({
    start: tl.times[0] as number,
    symbols,
    initialPrices,
    settings: input.settings,
    ...(input.risk === undefined ? {} : { risk: input.risk }),
    ...(input.fundingSeries === undefined ? {} : { fundingSeries: input.fundingSeries }),
    ...(input.venue === undefined ? {} : { venue: input.venue }),
  });
  const { clock, executor: ex } = world;
  const tap = input.onExecutionEvent === undefined ? undefined : ex.events$.subscribe(input.onExecutionEvent);
  const events: StrategyEvent[] = [];
  const denials: { intentId: string; reason: string }[] = [];
  let pending: Intent[] = [];
  const decided: { decidedAt: number; intent: Intent }[] = [];
  const runners = input.strategies.map((s) => {
    const params = validateStrategyParams(s.strategy, s.params);
    return { s, params, warmup: warmupOf(s.strategy, params) };
  });
  const data = new MarketData(Math.max(2, ...runners.map((r) => r.warmup + 1)));
  const activity = new StrategyActivity();
  const sink = (intent: Intent): void => {
    if (intent.kind === 'setTpSl' || ('orderType' in intent && intent.orderType === 'LIMIT'))
      walker.usesTriggers = true;
    activity.intent(intent.strategyId);
    pending.push(intent);
    decided.push({ decidedAt: clock.now(), intent });
  };
  const host = new StrategyHost(data, sink);
  const hooks = liveHooks(clock, host, sink, activity);
  const hearsTicks = runners.some((r) => r.s.strategy.onTick !== undefined);
  let walker: BarWalker;
  // The same book and the same news as live: lots with their open intents, fills, statuses, denials.
  const book = new ExecutorBook(ex);
  const byId = new Map<string, StrategyRunner>();
  const news = routeToStrategies(ex, {
    onFill: (id, fill) => {
      for (const i of byId.get(id)?.onFill(fill) ?? []) sink(i);
    },
    onRequestUpdate: (id, update) => {
      for (const i of byId.get(id)?.onRequestUpdate(update) ?? []) sink(i);
    },
  });
  for (const { s, params } of runners) {
    const runner = new StrategyRunner({
      strategy: s.strategy,
      id: s.id,
      markets: s.markets,
      params,
      clock,
      data,
      book,
      state: new MemoryStateStore(),
      emit: (e) => events.push(e),
      // Wall time must not change a backtest's result: a GC pause over the live 50 ms budget
      // would drop that bar's intents on one run and not on the next. Untimed, a hook costs no
      // stopwatch reads (two per bar were a tenth of the strategy path); a runaway hook shows as
      // a stalled progress bar, since JavaScript cannot pre-empt it either way.
      hookBudgetMs: Number.POSITIVE_INFINITY,
    });
    activity.add(s.id, s.strategy, s.markets);
    if (runner.start()) hooks.add(s.strategy, params, runner);
    host.add(runner);
    byId.set(s.id, runner);
  }
  // Schedules on the virtual clock and the RxJS form, as the kernel runs them live.
  hooks.start();
  walker = new BarWalker(world, hooks.sink(), tl, input.feeds, hearsTicks);

  // Both answer synchronously on the common path (nothing in flight, nothing due): no await per bar.
  const moveTo = (t: number): Promise<void> | undefined => {
    if (t <= clock.now()) return undefined;
    if (!ex.isIdle()) return clock.advanceTo(t);
    clock.advanceSync(t - clock.now());
    return undefined;
  };
  const flushDue = (): Promise<void> | undefined => (clock.hasDue() ? clock.advance(0) : undefined);
  // As the kernel submits live: a bar's intents all go in before any answer is awaited, so they
  // share one journal commit and one batch call per kind.
  const submitAll = async (intents: readonly Intent[]): Promise<void> => {
    const results = await Promise.all(intents.map((intent) => ex.submit(intent)));
    results.forEach((r, k) => {
      if (r.status === 'denied')
        denials.push({ intentId: (intents[k] as Intent).intentId, reason: `${r.reason}: ${r.message}` });
    });
    await clock.runUntil(() => ex.isIdle(), SETTLE_MS);
  };

  // TP/SL and liquidations happen at the venue: the executor learns of them by reconciling, as live.
  const learnVenueCloses = async (): Promise<void> => {
    await ex.reconcileNow();
    await clock.runUntil(() => ex.isIdle(), SETTLE_MS);
  };

  const n = tl.times.length;
  // The curve's times are the timeline's (a view of a single feed's column): no copy per bar.
  const eqTime = tl.times;
  const eqValue = new Float64Array(n);
  const readEquity = equityReader(world);
  const liveCount = () => world.account.live.size;
  const lastOpen = input.settings.closeAtEnd === 'lastOpen';
  for (let i = 0; i < n; i++) {
    const t = tl.times[i] as number;
    const arrived = moveTo(t);
    if (arrived) await arrived;
    if (hooks.jobsFired()) await undefined;
    walker.open(t);
    let live = liveCount();
    const due = flushDue();
    if (due) await due;
    if (liveCount() < live) await learnVenueCloses();
    if (pending.length > 0) {
      const batch = pending;
      pending = [];
      await submitAll(batch);
    }
    live = liveCount();
    if (lastOpen && i === n - 1) await closeEverything(world, denials);
    for (let o = 0; o < walker.openedCount; o++)
      for (let p = walker.walk(o, 0); p !== WALKED; p = walker.walk(o, p)) await clock.advance(0);
    if (liveCount() < live) await learnVenueCloses();
    const closed = moveTo(t + tl.intervalMs);
    if (closed) await closed;
    walker.close(t, tl.intervalMs);
    eqValue[i] = readEquity();
    if (input.onProgress !== undefined && (i + 1) % PROGRESS_EVERY === 0) input.onProgress(i + 1, n);
  }
  if (input.settings.closeAtEnd === 'lastClose') await closeEverything(world, denials);
  hooks.stop();
  input.feeds.forEach((f, k) => {
    const bars = Math.max(0, (tl.last[k] as number) - (tl.first[k] as number) + 1);
    activity.barsOf(f.symbol, bars);
    if (hearsTicks) activity.ticksOf(f.symbol, 2 * bars);
  });
  news.unsubscribe();
  tap?.unsubscribe();
  book.close();
  const finalEquity = world.sim.engine.balance(world.account).equity.toNumber();
  if (n > 0) eqValue[n - 1] = finalEquity;
  input.onProgress?.(n, n);
  const fills = ex.fills();
  const trades = tradesFromFills(
    fills,
    (quoteId) => world.sim.engine.quote(quoteId)?.accumulatedFunding.toNumber() ?? 0,
    barTimeLookup(tl),
    venueCloseReader(world),
  );
  await ex.stop();
  world.sim.stop();
  return {
    intervalMs: tl.intervalMs,
    initialCash: input.settings.cash,
    finalEquity,
    equity: { time: eqTime, equity: eqValue },
    trades,
    strategyEvents: events,
    denials,
    intents: decided,
    fills,
    warnings: activity.silent(),
  };
}

/** Positions still open after the last bar close at its close price, as backtesting.py does. */
async function closeEverything(
  world: BacktestWorld,
  denials: { intentId: string; reason: string }[],
): Promise<void> {
  const ex = world.executor;
  for (const lot of ex.ledger.openLots()) {
    if (lot.strategyId === null || !lot.key.startsWith('q:')) continue;
    const close: CloseIntent = {
      kind: 'close',
      intentId: deriveIntentId(StrategyId(lot.strategyId), `backtest-end:${lot.key}`),
      strategyId: StrategyId(lot.strategyId),
      createdAt: world.clock.now(),
      symbol: MarketSymbol(lot.symbol),
      position: { by: 'quote', quoteId: lot.key.slice(2) as never },
      quantity: 'all',
      orderType: 'MARKET',
      slippage: dec('0.5'),
      reason: 'end of the backtest data',
    };
    const r = await ex.submit(close);
    if (r.status === 'denied')
      denials.push({ intentId: close.intentId, reason: `${r.reason}: ${r.message}` });
  }
  await world.clock.runUntil(() => ex.isIdle(), 60_000);
}

export type { Timeline };
