import type { Clock } from '../clock/Clock.ts';
import type { Stopwatch } from '../clock/Stopwatch.ts';
import type { HookName } from './runnerEvents.ts';

/**
 * One hook call that went over its time budget: at clock time `t`, the `n`-th checked call of
 * `hook` by its runner in this process (0-based; several calls of one strategy may share a clock
 * reading, and a replay's readings may differ from the recorded ones by a late timer's
 * millisecond, while the order of one hook's calls does not), `took` ms of real time over `budgetMs`.
 */
export interface Overrun {
  readonly t: number;
  readonly hook: HookName;
  readonly n: number;
  readonly took: number;
  readonly budgetMs: number;
}

/** What a failure over budget says: how long the call took, and the budget. */
export type OverrunCost = Pick<Overrun, 'took' | 'budgetMs'>;

/** A replay's recorded overruns of one strategy: the one for the `n`-th call of `hook`, if it went over. */
export type OverrunScript = (hook: HookName, n: number) => OverrunCost | undefined;

/** How a runner's hook calls are held to their budget (StrategyRunnerOptions). */
export interface HookBudgetOptions {
  /**
   * Real time a hook may take (default 50 ms); a hook over it has its intents dropped. Infinity:
   * hooks are not timed at all (no stopwatch read), as in a backtest, whose result must not
   * depend on how fast the machine is.
   */
  readonly hookBudgetMs?: number;
  readonly stopwatch?: Stopwatch;
  /** Hears each call over budget (a recording writes it down: it is an input of the session). */
  readonly onOverrun?: (o: Overrun) => void;
  /**
   * A replay: the calls that went over budget when recorded fail again, by their identity, and no
   * call is timed on this machine's stopwatch.
   */
  readonly overruns?: OverrunScript;
}

/**
 * Checks one runner's hook calls against their budget: on the stopwatch (live), or against the
 * recorded overruns (a replay). `begin` before a call, `over` after it: calls are synchronous,
 * so one call is in flight at a time.
 */
export class HookBudget {
  /** Whether calls are checked at all; false: untimed (a backtest, a replay with nothing recorded). */
  readonly checks: boolean;
  private readonly budgetMs: number;
  private readonly stopwatch: Stopwatch;
  private readonly clock: Clock;
  private readonly onOverrun: ((o: Overrun) => void) | undefined;
  private readonly script: OverrunScript | undefined;
  private readonly counts = new Map<string, number>();
  private t = 0;
  private n = 0;
  private t0 = 0;

  constructor(o: HookBudgetOptions, clock: Clock, stopwatch: Stopwatch) {
    this.budgetMs = o.hookBudgetMs ?? 50;
    this.script = o.overruns;
    this.checks = this.script !== undefined || Number.isFinite(this.budgetMs);
    this.stopwatch = stopwatch;
    this.clock = clock;
    this.onOverrun = o.onOverrun;
  }

  begin(hook: HookName): void {
    const n = this.counts.get(hook) ?? 0;
    this.counts.set(hook, n + 1);
    this.n = n;
    this.t = this.clock.now();
    if (this.script === undefined) this.t0 = this.stopwatch.elapsedMs();
  }

  /** The call begun last, when it went over budget: what a failure says of it. */
  over(hook: HookName): OverrunCost | undefined {
    if (this.script !== undefined) return this.script(hook, this.n);
    // To the microsecond: what a recording writes, so that a replay's message is the same.
    const took = Math.round((this.stopwatch.elapsedMs() - this.t0) * 1000) / 1000;
    if (took <= this.budgetMs) return undefined;
    const o: Overrun = { t: this.t, hook, n: this.n, took, budgetMs: this.budgetMs };
    this.onOverrun?.(o);
    return o;
  }
}
