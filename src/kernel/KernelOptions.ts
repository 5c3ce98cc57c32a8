import type { Clock } from '../clock/Clock.ts';
import type { Intent } from '../domain/intent.ts';
import type { CrashHook } from '../execution/crash.ts';
import type { ExecutionEvent } from '../execution/events.ts';
import type { Logger } from '../log/Logger.ts';
import type { Actor, OperatorAction } from '../operate/api/contract.ts';
import type { Notification } from '../report/notify/Notification.ts';
import type { Overrun, OverrunScript } from '../strategy/HookBudget.ts';
import type { LoadedConfig } from '../strategy/loadConfigWithStrategies.ts';
import type { VenueEdges } from './edges/VenueEdges.ts';

/**
 * Hears what the kernel decides and what drives it that is no venue answer: a session recording
 * (record/Recorder.ts) listens here. Every strategy intent (before a pause drops it), every
 * execution event from the first recovery on, every job fire (but the gauge refresh), every
 * operator action and signal.
 */
export interface KernelTap {
  readonly intent?: (intent: Intent) => void;
  readonly event?: (e: ExecutionEvent) => void;
  readonly job?: (name: string) => void;
  readonly action?: (action: OperatorAction, by: Actor) => void;
  /** SIGUSR2 as the kernel noted it: a halt, or the resume `perpflow resume` signalled. */
  readonly signal?: (kind: 'halt' | 'resume') => void;
  /** A strategy hook call over its time budget (its intents dropped): an input a replay cannot time again. */
  readonly overrun?: (strategyId: string, o: Overrun) => void;
  /**
   * Resolves once everything heard so far is written: an orderly stop waits for it before the
   * journal releases its lease (releaseLeaseLast.ts).
   */
  readonly settled?: () => Promise<void>;
}

/** What a mode hands the one kernel: the config, its edges, and how its clock and cadences run. */
export interface KernelOptions {
  readonly loaded: LoadedConfig;
  readonly edges: VenueEdges;
  readonly clock: Clock;
  readonly log: Logger;
  readonly notify?: (n: Notification) => void;
  /** Start-up gives up when the first reconciliation has not succeeded by then (fail closed). */
  readonly readyTimeoutMs?: number;
  /** Period of the gauge refresh; default 1 s. A long replay on virtual time sets it longer. */
  readonly gaugesEveryMs?: number;
  /** `--allow-shared-account`: skip the host-wide account lock (logged loudly). */
  readonly allowSharedAccount?: boolean;
  /**
   * Hears every strategy intent before the executor does, at the clock time it was decided; false
   * keeps it from the executor (a backtest holds a decision for the next bar's open, and submits it
   * then with `Kernel.submit`).
   */
  readonly onIntent?: (intent: Intent) => boolean;
  /** Per-hook time budget; a backtest runs its hooks untimed (Infinity). Default: StrategyRunner's. */
  readonly hookBudgetMs?: number;
  /** A replay: the hook calls that went over budget when recorded, by strategy, failed again as they did. */
  readonly overruns?: (strategyId: string) => OverrunScript | undefined;
  /**
   * The executor's timed cadences (reconcile, close-all watch, lease heartbeat); default on. A
   * backtest's driver reconciles when the venue closed a position, and has no lease to renew.
   */
  readonly housekeeping?: boolean;
  /**
   * Wall-clock latency histograms of venue calls and journal commits; default on. A backtest turns
   * them off: its in-process latencies measure this machine, not a venue, and cost a tenth of a round trip.
   */
  readonly timeCalls?: boolean;
  /**
   * The process's own metrics (CPU, heap, GC, event-loop lag) beside perpflow's; default on. A
   * backtest turns them off: it serves no scrape, and each kernel started would add a GC observer
   * and an event-loop monitor that are never removed (a sweep worker starts one kernel per set).
   */
  readonly processMetrics?: boolean;
  readonly tap?: KernelTap;
  /** The executor's labelled crash points (tests and replays of a crash throw SimulatedCrash). */
  readonly crash?: CrashHook;
}
