import type { Clock } from '../clock/Clock.ts';
import { monotonicStopwatch } from '../clock/Stopwatch.ts';
import type { Bar } from '../domain/bar.ts';
import { StrategyId } from '../domain/ids.ts';
import type { Intent } from '../domain/intent.ts';
import { intentIdsOf } from '../domain/intentId.ts';
import type { PriceTick } from '../domain/tick.ts';
import { StrategyError } from '../errors/StrategyError.ts';
import { ConvertMemo } from './ConvertMemo.ts';
import {
  type AnyStrategy,
  type StrategyContext,
  type StrategyFill,
  type StrategyRequestUpdate,
  warmupOf,
} from './defineStrategy.ts';
import { HookBudget } from './HookBudget.ts';
import { intentsOfResult, type ResultScope } from './intentsOfResult.ts';
import type { HookFailure, HookName } from './runnerEvents.ts';
import { plotFor, type StrategyRunnerOptions } from './StrategyRunnerOptions.ts';
import { TrackedState } from './StrategyState.ts';
import type { HookResult } from './strategyIntent.ts';

export type { StrategyRunnerOptions };

const NONE: readonly Intent[] = Object.freeze([]);
const HOOK_ON_BAR: HookName = 'onBar';

/**
 * Runs one strategy instance in isolation: a hook that throws, returns an invalid intent or
 * overruns its budget has that call's intents dropped and an event naming the strategy and the
 * hook; after N consecutive failures the strategy is paused with an alert. Nothing a strategy
 * does reaches another strategy. Hooks are synchronous, so a slow hook is detected when it
 * returns (JavaScript cannot pre-empt it); its result is discarded.
 */
export class StrategyRunner {
  readonly id: string;
  readonly markets: readonly string[];
  private readonly o: StrategyRunnerOptions;
  private readonly sid: StrategyId;
  private readonly tracked: TrackedState;
  private readonly ctx: { -readonly [K in keyof StrategyContext]: StrategyContext[K] };
  private readonly budget: HookBudget;
  private readonly timed: boolean;
  private readonly maxFailures: number;
  private readonly clock: Clock;
  private readonly warmup: number;
  private readonly barHook: AnyStrategy['onBar'];
  /** The conversion's context, one per runner: the hook, time and index change per call. */
  private readonly scope: { -readonly [K in keyof ResultScope]: ResultScope[K] };
  private readonly memo: ConvertMemo;
  private barsSeen = 0;
  private failures = 0;
  private started = false;
  private stopped = false;
  /** onBar calls the hook itself (it has one, untimed, started, not paused): one read per bar, not four. */
  private direct = false;

  constructor(o: StrategyRunnerOptions) {
    this.o = o;
    this.id = o.id;
    this.sid = StrategyId(o.id);
    this.memo = new ConvertMemo(intentIdsOf(this.sid, o.intentIdScheme));
    this.markets = o.markets;
    this.budget = new HookBudget(o, o.clock, o.stopwatch ?? monotonicStopwatch);
    this.timed = this.budget.checks;
    this.maxFailures = o.maxConsecutiveFailures ?? 3;
    this.clock = o.clock;
    this.warmup = warmupOf(o.strategy, o.params);
    this.barHook = o.strategy.onBar;
    this.tracked = new TrackedState(o.state.load(o.id));
    const { data, book, id } = o;
    this.ctx = {
      strategyId: id,
      now: o.clock.now(),
      params: o.params,
      markets: o.markets,
      local: undefined,
      state: this.tracked,
      price: (m) => data.price(m),
      bars: (m) => data.recentBars(m),
      funding: (m) => data.fundingOf(m),
      positions: (m) => book.positions(id).filter((p) => m === undefined || p.market === m),
      openRequests: (m) => book.openRequests(id).filter((r) => m === undefined || r.market === m),
      intentId: this.memo.name,
      plot: plotFor(id, o.plot),
    };
    this.scope = {
      hook: HOOK_ON_BAR,
      markets: o.markets,
      strategyId: this.sid,
      now: 0,
      index: 0,
      defaultSignal: () => `${this.scope.hook}@${this.scope.now}`,
      price: this.ctx.price,
      memo: this.memo,
    };
  }

  /** Paused by its failures (or a failed init) until resumed; read-only, as onBar keeps a flag of it. */
  get paused(): boolean {
    return this.stopped;
  }

  /** Still collecting its warm-up bars (its intents are dropped until then). */
  get warming(): boolean {
    return this.barsSeen < this.warmup;
  }

  /** Consecutive failed hook calls so far (reset by a good call). */
  get failureCount(): number {
    return this.failures;
  }

  /** Runs init; false when it failed (the strategy then stays stopped and is reported). */
  start(): boolean {
    const init = this.o.strategy.init;
    this.ctx.now = this.o.clock.now();
    if (init === undefined) {
      this.started = true;
      this.steer();
      return true;
    }
    if (this.timed) this.budget.begin('init');
    try {
      this.ctx.local = init(this.ctx as StrategyContext<never, undefined>);
    } catch (error) {
      this.fail('init', 'threw', `init threw: ${messageOf(error)}`, error);
      this.stopped = true;
      return false;
    }
    if (this.timed && this.overBudget('init')) {
      this.stopped = true;
      return false;
    }
    this.started = true;
    this.steer();
    this.save();
    return true;
  }

  /**
   * The per-bar path; untimed (a backtest) it is the hook call. Short, rare work in calls: the JIT
   * inlines into a caller within a bytecode budget, and past it a hook's Sma.step stays a call that
   * boxes its double (≈ 100 bytes a bar with three sma-cross on one stream in a bench, measured).
   */
  onBar(bar: Bar): readonly Intent[] {
    this.barsSeen++;
    if (!this.direct) return this.timedBar(bar);
    const now = this.clock.now();
    this.ctx.now = now;
    let result: HookResult;
    try {
      result = this.barHook?.(this.ctx, bar);
    } catch (error) {
      return this.threw('onBar', error);
    }
    return result === undefined ? this.succeed() : this.accept('onBar', result, now);
  }

  /** onBar timed (live), before start, paused or without the hook. */
  private timedBar(bar: Bar): readonly Intent[] {
    return this.barHook === undefined ? NONE : this.call('onBar', this.barHook, bar);
  }

  onTick(tick: PriceTick): readonly Intent[] {
    const hook = this.o.strategy.onTick;
    return hook === undefined ? NONE : this.call('onTick', hook, tick);
  }
  /** Whether the strategy defines the hook (the host hands prices only to those with onTick). */
  hears(hook: 'onTick' | 'onFill' | 'onRequestUpdate'): boolean {
    return this.o.strategy[hook] !== undefined;
  }

  onFill(fill: StrategyFill): readonly Intent[] {
    const hook = this.o.strategy.onFill;
    return hook === undefined ? NONE : this.call('onFill', hook, fill);
  }

  onRequestUpdate(update: StrategyRequestUpdate): readonly Intent[] {
    const hook = this.o.strategy.onRequestUpdate;
    return hook === undefined ? NONE : this.call('onRequestUpdate', hook, update);
  }

  /** Runs a named schedule entry's `run` for its due time, which the hook sees as `ctx.now`. */
  runSchedule(name: string, run: (ctx: never) => HookResult, dueAt?: number): readonly Intent[] {
    return this.call(`schedule:${name}`, run, undefined, true, dueAt);
  }

  /** The context as hooks see it (the RxJS form builds on it). */
  get context(): StrategyContext {
    return this.ctx;
  }

  /** After the operator fixed the cause: counts start again from zero. */
  resume(): void {
    this.stopped = false;
    this.failures = 0;
    this.steer();
  }

  /** Validates and converts what an rx stream emitted, with the same isolation as a hook. */
  acceptRx(intent: unknown): readonly Intent[] {
    return this.call('rx', () => intent, undefined, false);
  }

  /** Reports an rx stream that errored: one failure, like a throwing hook. */
  rxFailed(error: unknown): void {
    this.fail('rx', 'threw', `rx stream failed: ${messageOf(error)}`, error);
  }

  /** `run(ctx, arg)` without a closure per call: every hook but an untimed onBar (see onBar). */
  private call<A>(
    hook: HookName,
    run: (ctx: never, arg: A) => unknown,
    arg: A,
    timed = true,
    at?: number,
  ): readonly Intent[] {
    if (!this.started || this.paused) return NONE;
    const now = at ?? this.o.clock.now();
    this.ctx.now = now;
    const timing = timed && this.timed;
    if (timing) this.budget.begin(hook);
    let result: unknown;
    try {
      result = run(this.ctx as never, arg);
    } catch (error) {
      return this.threw(hook, error);
    }
    if (timing && this.overBudget(hook)) return NONE;
    return result === undefined ? this.succeed() : this.accept(hook, result, now);
  }

  /** What a hook called at `now` returned, checked and converted; one bad intent fails the call. */
  private accept(hook: HookName, result: unknown, now: number): readonly Intent[] {
    if (Array.isArray(result) && result.length === 0) return this.succeed();
    this.scope.hook = hook;
    this.scope.now = now;
    const out = intentsOfResult(result, this.scope);
    if ('invalid' in out) return this.fail(hook, 'invalidIntent', out.invalid);
    this.succeed();
    // Intents decided on a half-filled window are not traded; the hook still ran to fill indicators.
    return this.barsSeen < this.warmup ? NONE : out;
  }

  private steer(): void {
    this.direct = this.started && !this.paused && !this.timed && this.barHook !== undefined;
  }

  private threw(hook: HookName, error: unknown): readonly Intent[] {
    return this.fail(hook, 'threw', `${hook} threw: ${messageOf(error)}`, error);
  }

  private succeed(): readonly Intent[] {
    this.failures = 0;
    if (this.tracked.dirty) this.save();
    return NONE;
  }

  private save(): void {
    this.o.state.save(this.id, this.tracked.snapshot());
  }

  private overBudget(hook: HookName): boolean {
    const o = this.budget.over(hook);
    if (o === undefined) return false;
    this.fail(hook, 'overBudget', `${hook} took ${Math.round(o.took)} ms, over its ${o.budgetMs} ms budget`);
    return true;
  }

  private fail(hook: HookName, failure: HookFailure, message: string, cause?: unknown): readonly Intent[] {
    this.failures++;
    // A failed call leaves no half-made state behind.
    this.tracked.restore(this.o.state.load(this.id));
    const at = this.o.clock.now();
    const error = new StrategyError(this.id, message, cause === undefined ? {} : { cause });
    this.o.emit({
      type: 'hookFailed',
      strategyId: this.id,
      hook,
      failure,
      error,
      consecutiveFailures: this.failures,
      at,
    });
    if (this.failures >= this.maxFailures && !this.paused) {
      this.stopped = true;
      this.steer();
      const consecutiveFailures = this.failures;
      this.o.emit({ type: 'paused', strategyId: this.id, hook, consecutiveFailures, at, alert: true });
    }
    return NONE;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
