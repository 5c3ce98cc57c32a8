import type { Clock, TimerHandle } from '../clock/Clock.ts';
import { CronTimes } from './cronTimes.ts';

/**
 * A named job: a cron expression, or a fixed period. `run` receives the due time it fires for
 * (epoch ms), which is what identifies the run: two runs never share one.
 */
export type JobSpec =
  | { readonly name: string; readonly cron: string; readonly run: (dueAt: number) => unknown }
  | { readonly name: string; readonly everyMs: number; readonly run: (dueAt: number) => unknown };

export type JobEvent =
  | { readonly type: 'started'; readonly job: string; readonly at: number }
  | { readonly type: 'finished'; readonly job: string; readonly at: number; readonly ms: number }
  | { readonly type: 'failed'; readonly job: string; readonly at: number; readonly error: unknown }
  /** The previous run was still going when the next was due: skipped, never stacked. */
  | { readonly type: 'skipped'; readonly job: string; readonly at: number };

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
    if (this.started) this.arm(entry);
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    for (const entry of this.entries.values()) this.arm(entry);
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
