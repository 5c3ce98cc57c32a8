import { VirtualClock } from '../src/clock/VirtualClock.ts';
import type { Intent } from '../src/domain/intent.ts';
import { itemAt } from '../src/domain/itemAt.ts';
import { Kernel } from '../src/kernel/Kernel.ts';
import { silentLogger } from '../src/log/Logger.ts';
import type { StrategyEvent } from '../src/strategy/runnerEvents.ts';
import { BarWalker } from './BarWalker.ts';
import { backtestConfig } from './backtestConfig.ts';
import { backtestEdges } from './backtestEdges.ts';
import { checkHistory } from './checkHistory.ts';
import { closeEverything, stopKernel } from './endOfRun.ts';
import { equityWriter } from './equityWriter.ts';
import { fundingPush } from './fundingPush.ts';
import { BarPhase, type DriveState, QuietBar } from './quietBar.ts';
import { QuietRun } from './quietRun.ts';
import { requestEndWarnings } from './requestEndWarnings.ts';
import { barTimeLookup, type Timeline, timelineOf } from './timeline.ts';
import { tradesFromFills } from './tradesFromFills.ts';
import { venueCloseReader } from './venueCloseReader.ts';

export type { BacktestStrategy } from './backtestConfig.ts';

import type { BacktestInput, BacktestResult } from './BacktestInput.ts';

export type { BacktestInput, BacktestResult } from './BacktestInput.ts';

/** How long after a bar's open the driver lets submitted requests settle before walking the bar. */
const SETTLE_MS = 50;
/** Clock slots per bar: the open, the two parts of the intrabar path, the close (barReplayPrices' 4). */
const SLOTS = 4;
const PROGRESS_EVERY = 4096;

/**
 * Runs strategies over historical bars through the one kernel (`Kernel.start`, as run, dry run and
 * sim), with backtest edges: a virtual clock the bars drive, a market the bar walk pushes, the
 * in-process venue adapter and an in-memory journal. Per bar time T: the clock moves to T, marks
 * become the bars' opens, the intents decided on the previous bar go to the kernel and fill at
 * that open; then each bar is walked open → adverse extreme → other extreme → close (TP/SL,
 * LIMITs and liquidation see it), the clock moves to the close, and only then do the strategies
 * see the bar. Positions left at the end are closed at the last close.
 */
export async function runBacktest(input: BacktestInput): Promise<BacktestResult> {
  const tl = timelineOf(input.feeds, input.from, input.to);
  // With the in-process adapter nothing waits on I/O: reactions settle as microtasks, with no
  // event-loop turn per step. The venue client over the in-process fetch needs its turns.
  const clock = new VirtualClock(itemAt(tl.times, 0), {
    settle: input.venue === 'client' ? 'turn' : 'microtasks',
  });
  const { edges, world } = await backtestEdges({
    clock,
    intervalMs: tl.intervalMs,
    symbols: input.feeds.map((f) => f.symbol),
    initialPrices: Object.fromEntries(input.feeds.map((f, k) => [f.symbol, f.open[tl.first[k] ?? 0] ?? 1])),
    settings: input.settings,
    ...(input.fundingSeries === undefined ? {} : { fundingSeries: input.fundingSeries }),
    ...(input.venue === undefined ? {} : { venue: input.venue }),
  });
  const denials: { intentId: string; reason: string }[] = [];
  // Decisions on a bar (at its close) and on a schedule due before the open wait for the next
  // open (`pending`); from the open to the end of the walk (`holding` false), an answer to a fill
  // is sent at once, as live.
  const drive: DriveState = { pending: [], holding: true, jobsSeen: 0, live: 0 };
  const decided: { decidedAt: number; intent: Intent }[] = [];
  const keepIntents = input.keepIntents ?? true;
  const events: StrategyEvent[] = [];
  let walker: BarWalker | undefined;
  const kernel = await Kernel.start({
    loaded: backtestConfig(input, tl.intervalMs),
    edges,
    clock,
    log: input.log ?? silentLogger,
    // Wall time must not change a backtest's result: a GC pause over the live 50 ms budget would
    // drop that bar's intents on one run and not on the next.
    hookBudgetMs: Number.POSITIVE_INFINITY,
    housekeeping: false,
    gaugesEveryMs: 0,
    timeCalls: false,
    processMetrics: false,
    // A decision waits for the next bar's open, as a live one waits for the next price: the walk
    // of the bar it was decided on is over. Decisions on the last bar have no next open.
    onIntent: (intent) => {
      if (
        walker !== undefined &&
        (intent.kind === 'setTpSl' || ('orderType' in intent && intent.orderType === 'LIMIT'))
      )
        walker.usesTriggers = true;
      if (keepIntents) decided.push({ decidedAt: clock.now(), intent });
      if (!drive.holding) return true;
      drive.pending.push(intent);
      return false;
    },
  });
  const ex = kernel.executor;
  const ends = requestEndWarnings(kernel.reporter.unrequestedEnds$);
  const taps = [
    kernel.strategyEvents$.subscribe((e) => events.push(e)),
    // Every refusal, whether the intent waited for an open or answered a fill at once.
    ex.events$.subscribe((e) => {
      if (e.type === 'intentDenied')
        denials.push({ intentId: e.intent.intentId, reason: `${e.reason}: ${e.message}` });
    }),
    ...(input.onExecutionEvent === undefined ? [] : [ex.events$.subscribe(input.onExecutionEvent)]),
  ];
  const bw = new BarWalker(world, edges.market, tl, input.feeds);
  walker = bw;
  const pushFunding = fundingPush(world, edges.market);
  pushFunding(clock.now());
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
    await Promise.all(intents.map((intent) => kernel.submit(intent)));
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
  const writeEquity = equityWriter(world);
  const liveCount = () => world.account.live.size;
  const lastOpen = input.settings.closeAtEnd === 'lastOpen';
  /** A bar the quiet path could not walk whole, from the phase it reached. */
  async function generalBar(i: number, t: number, from: BarPhase): Promise<void> {
    let phase = from;
    if (phase === BarPhase.none) {
      const arrived = moveTo(t);
      if (arrived) await arrived;
      // The scheduler runs a job one microtask after its timer fires, and a bar on which nothing is
      // in flight never awaits: the driver lets a fired job run before it submits that bar's intents.
      if (kernel.activity.schedulesFired !== drive.jobsSeen) {
        drive.jobsSeen = kernel.activity.schedulesFired;
        await undefined;
      }
      bw.open(t);
    }
    if (phase <= BarPhase.opened) {
      const due = flushDue();
      if (due) await due;
      if (liveCount() < drive.live) await learnVenueCloses();
      drive.holding = false;
      if (drive.pending.length > 0) {
        const batch = drive.pending;
        drive.pending = [];
        await submitAll(batch);
      }
      drive.live = liveCount();
      if (lastOpen && i === n - 1) await closeEverything(kernel, clock);
      // The walk, slot by slot at its replay times: what fills on the way (TP/SL, LIMITs) is booked
      // then, and a strategy's answer to it (onFill) is sent at once, as live. A bar whose paths are
      // empty (nothing rests, no liquidation inside it) sets no mark before its close: with nothing
      // in flight and no timer due before the close slot, the clock goes straight there.
      const closeSlot = t + closeSlotMs;
      const next = clock.nextDue();
      if ((next === undefined || next > closeSlot) && ex.isIdle() && bw.pathsEmpty()) {
        // moveTo's synchronous step: nothing in flight, nothing due on the way.
        if (closeSlot > clock.now()) clock.advanceSync(closeSlot - clock.now());
        phase = bw.closeMarks() ? BarPhase.walked : BarPhase.closeMarksStopped;
      } else
        for (let slot = 1; slot < SLOTS; slot++) {
          const at = moveTo(t + (slotMs[slot] ?? 0));
          if (at) await at;
          while (!bw.walkSlot(slot)) await clock.advance(0);
          if (!ex.isIdle()) await clock.runUntil(() => ex.isIdle(), SETTLE_MS);
        }
    }
    // A timer due on the way fires, then the walk goes on from where it stopped.
    if (phase === BarPhase.closeMarksStopped)
      do await clock.advance(0);
      while (!bw.walkSlot(SLOTS - 1));
    // The slot walk settled after each slot; the walk straight to the close settles here.
    if (phase >= BarPhase.closeMarksStopped && !ex.isIdle())
      await clock.runUntil(() => ex.isIdle(), SETTLE_MS);
    drive.holding = true;
    if (liveCount() < drive.live) await learnVenueCloses();
    drive.live = liveCount();
    const closed = moveTo(t + tl.intervalMs);
    if (closed) await closed;
    pushFunding(clock.now());
    bw.close();
  }
  /** Each slot's time after the bar's open. */
  const slotMs = Array.from({ length: SLOTS }, (_, slot) => Math.round((slot * tl.intervalMs) / SLOTS));
  const closeSlotMs = slotMs[SLOTS - 1] ?? 0;
  const parts = {
    clock,
    walker: bw,
    times: tl.times,
    intervalMs: tl.intervalMs,
    closeSlotMs,
    closeAtOpenOf: lastOpen ? n - 1 : -1,
    executor: ex,
    schedulesFired: () => kernel.activity.schedulesFired,
    liveCount,
    pushFunding,
  };
  const quiet = new QuietBar(parts, drive);
  const checkpoints = input.checkpoints;
  let checkpoint = 0;
  let nextCheckpoint = checkpoints?.at[0] ?? Number.POSITIVE_INFINITY;
  const progress = (i: number): void => {
    if (input.onProgress !== undefined && (i + 1) % PROGRESS_EVERY === 0) input.onProgress(i + 1, n);
    if (i + 1 === nextCheckpoint && checkpoints !== undefined) {
      nextCheckpoint = checkpoints.at[++checkpoint] ?? Number.POSITIVE_INFINITY;
      checkpoints.reached(i + 1, { time: eqTime.subarray(0, i + 1), equity: eqValue.subarray(0, i + 1) });
    }
  };
  const run = new QuietRun(
    { ...parts, world, market: edges.market, kernel, equity: eqValue, progress },
    drive,
  );
  // The index outside the loop: `for (let i …)` in an async function is two nested loops to V8, whose
  // OSR code for the inner one was dropped on leaving it ("exit from OSR'd inner loop", every ~26 bars).
  let i = 0;
  for (; i < n; i++) {
    // Runs of quiet bars in one loop (quietRun.ts); a bar the run could not take is walked alone,
    // quietly as far as it goes (quietBar.ts), then on the general path from where that stopped.
    const to = run.walk(i);
    if (to > i) {
      i = to - 1;
      continue;
    }
    const phase = quiet.walk(i);
    if (phase !== BarPhase.done) await generalBar(i, tl.times[i] ?? Number.NaN, phase);
    writeEquity(eqValue, i);
    progress(i);
  }
  if (input.settings.closeAtEnd === 'lastClose') await closeEverything(kernel, clock);
  const finalEquity = world.sim.engine.balance(world.account).equity.toNumber();
  if (n > 0) eqValue[n - 1] = finalEquity;
  input.onProgress?.(n, n);
  const fills = ex.fills();
  const trades = tradesFromFills(
    fills,
    (quoteId) => world.sim.engine.quoteOutcome(quoteId)?.accumulatedFunding ?? 0,
    barTimeLookup(tl),
    venueCloseReader(world),
  );
  const warnings = [...kernel.activity.silent(), ...ends.warnings()];
  ends.stop();
  await stopKernel(kernel, clock);
  for (const t of taps) t.unsubscribe();
  edges.market.complete();
  await edges.close();
  checkHistory(world);
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
    warnings,
  };
}

export type { Timeline };
