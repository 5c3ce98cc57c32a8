import type { Clock, TimerHandle } from '../clock/Clock.ts';
import { CronTimes } from './cronTimes.ts';
import { missedRuns } from './missedRuns.ts';

/**
 * What a cron job does with the due times that passed while no process ran it (a restart, a
 * take-over): given the due time it last ran, the latest missed one runs once, late, when it was
 * missed by less than `graceMs` (default: one period, at most 60 s); older ones are skipped and
 * reported with their count (a `missed` event). Without `lastDue` (never run) nothing is missed.
 */
export interface Misfire {
  readonly lastDue: number | undefined;
  readonly graceMs?: number;
}

/** The default grace: one period of the schedule, capped here. */
export const MAX_DEFAULT_GRACE_MS = 60_000;

/**
 * A named job: a cron expression, or a fixed period. `run` receives the due time it fires for
 * (epoch ms), which is what identifies the run: two runs never share one.
 */
export type JobSpec =
  | {
      readonly name: string;
      readonly cron: string;
      readonly run: (dueAt: number) => unknown;
      readonly misfire?: Misfire;
    }
  | { readonly name: string; readonly everyMs: number; readonly run: (dueAt: number) => unknown };

export type JobEvent =
  | { readonly type: 'started'; readonly job: string; readonly at: number }
  | { readonly type: 'finished'; readonly job: string; readonly at: number; readonly ms: number }
  | { readonly type: 'failed'; readonly job: string; readonly at: number; readonly error: unknown }
  /** The previous run was still going when the next was due: skipped, never stacked. */
  | { readonly type: 'skipped'; readonly job: string; readonly at: number }
  /**
   * Due times that passed while no process ran the job (Misfire), at the first arming: `skipped`
   * of them never run; `late`, when set, is the one that runs now, late, for its own due time.
   */
  | {
      readonly type: 'missed';
      readonly job: string;
      readonly at: number;
      readonly skipped: number;
      readonly atLeast: boolean;
      readonly late: number | undefined;
      readonly graceMs: number;
    };

interface Entry {
  readonly spec: JobSpec;
  readonly cron: CronTimes | undefined;
  timer: TimerHandle | undefined;
  /** The due time the armed timer is for. */
  due: number;
  running: boolean;
}

/**
 * Named jobs on the injected clock: the same schedule runs on wall time live and on virtual
 * time in tests and backtests. A job never overlaps itself, and a failing run is reported and
 * does not stop the job.
 */
export class Scheduler {
  private readonly clock: Clock;
  private readonly onEvent: (event: JobEvent) => void;
  private readonly entries = new Map<string, Entry>();
  private started = false;

  constructor(clock: Clock, onEvent: (event: JobEvent) => void = () => {}) {
    this.clock = clock;
    this.onEvent = onEvent;
  }

  add(spec: JobSpec): void {
    if (this.entries.has(spec.name))
      throw new Error(`a job named ${JSON.stringify(spec.name)} is already scheduled`);
    if ('everyMs' in spec && !(spec.everyMs > 0))
      throw new RangeError(`job ${spec.name}: everyMs must be positive`);
    const entry: Entry = {
      spec,
      cron: 'cron' in spec ? new CronTimes(spec.cron) : undefined,
      timer: undefined,
      due: 0,
      running: false,
    };
    this.entries.set(spec.name, entry);
    if (this.started) this.armFirst(entry);
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    for (const entry of this.entries.values()) this.armFirst(entry);
  }

  /** The first arming of a job: a due time missed while no process ran it may run late (Misfire). */
  private armFirst(entry: Entry): void {
    const cron = entry.cron;
    const misfire = 'cron' in entry.spec ? entry.spec.misfire : undefined;
    if (cron === undefined || misfire?.lastDue === undefined) {
      this.arm(entry);
      return;
    }
    const lastDue = misfire.lastDue;
    const now = this.clock.now();
    const first = cron.next(now);
    const graceMs = misfire.graceMs ?? Math.min(cron.next(first) - first, MAX_DEFAULT_GRACE_MS);
    const m = missedRuns((t) => cron.next(t), lastDue, now, graceMs);
    if (m.missed > 0)
      this.onEvent({
        type: 'missed',
        job: entry.spec.name,
        at: now,
        skipped: m.skipped,
        atLeast: m.capped,
        late: m.late,
        graceMs,
      });
    // fire() runs it for its own due time and arms the next one after now. Never before lastDue:
    // a host whose clock is behind the old active's must not run its last due time again.
    if (m.late !== undefined) this.armFor(entry, m.late);
    else this.arm(entry, Math.max(now, lastDue));
  }

  stop(): void {
    this.started = false;
    for (const entry of this.entries.values()) {
      if (entry.timer !== undefined) this.clock.clearTimeout(entry.timer);
      entry.timer = undefined;
      entry.cron?.dispose();
    }
    this.entries.clear();
  }

  /** When each job fires next (epoch ms), for `perpflow status` and tests. */
  nextRuns(): ReadonlyMap<string, number> {
    const now = this.clock.now();
    return new Map([...this.entries].map(([name, e]) => [name, this.dueAfter(e, now)]));
  }

  private dueAfter(entry: Entry, now: number): number {
    if (entry.cron !== undefined) return entry.cron.next(now);
    // A spec without cron has everyMs (JobSpec); add() checked it is positive.
    return 'everyMs' in entry.spec ? now + entry.spec.everyMs : Number.POSITIVE_INFINITY;
  }

  /**
   * Arms the timer for the first due time after `after`. The next due time is always computed
   * from after the one just run, never from "now" alone: a timer may fire while the clock still
   * reads a little before its due time (Node measures timers on its loop time, Date.now is wall
   * time), and `next(now)` would then give the same due time back — the job would run twice.
   */
  private arm(entry: Entry, after = this.clock.now()): void {
    this.armFor(entry, this.dueAfter(entry, after));
  }

  private armFor(entry: Entry, due: number): void {
    entry.due = due;
    // At least 1 ms: a timer for "now" that fires a little early must not spin.
    const wait = Math.max(1, due - this.clock.now());
    entry.timer = this.clock.setTimeout(() => this.fire(entry), wait);
  }

  private fire(entry: Entry): void {
    if (!this.started) return;
    const due = entry.due;
    const now = this.clock.now();
    // Early by the clock: wait out the rest, so that a run for `due` only ever happens once the
    // clock has reached `due` — a process restarted after it then schedules strictly later.
    if (now < due) {
      this.armFor(entry, due);
      return;
    }
    this.arm(entry, Math.max(now, due));
    const job = entry.spec.name;
    const at = due;
    if (entry.running) {
      this.onEvent({ type: 'skipped', job, at });
      return;
    }
    entry.running = true;
    this.onEvent({ type: 'started', job, at });
    Promise.resolve()
      .then(() => entry.spec.run(due))
      .then(
        () => this.onEvent({ type: 'finished', job, at, ms: this.clock.now() - at }),
        (error: unknown) => this.onEvent({ type: 'failed', job, at, error }),
      )
      .finally(() => {
        entry.running = false;
      });
  }
}
