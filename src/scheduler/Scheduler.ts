import type { Clock, TimerHandle } from '../clock/Clock.ts';
import { CronTimes } from './cronTimes.ts';

/** A named job: a cron expression, or a fixed period. */
export type JobSpec =
  | { readonly name: string; readonly cron: string; readonly run: () => unknown }
  | { readonly name: string; readonly everyMs: number; readonly run: () => unknown };

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
    return entry.cron !== undefined
      ? entry.cron.next(now)
      : now + (entry.spec as { everyMs: number }).everyMs;
  }

  private arm(entry: Entry): void {
    const now = this.clock.now();
    entry.timer = this.clock.setTimeout(() => this.fire(entry), this.dueAfter(entry, now) - now);
  }

  private fire(entry: Entry): void {
    if (!this.started) return;
    this.arm(entry);
    const job = entry.spec.name;
    const at = this.clock.now();
    if (entry.running) {
      this.onEvent({ type: 'skipped', job, at });
      return;
    }
    entry.running = true;
    this.onEvent({ type: 'started', job, at });
    Promise.resolve()
      .then(() => entry.spec.run())
      .then(
        () => this.onEvent({ type: 'finished', job, at, ms: this.clock.now() - at }),
        (error: unknown) => this.onEvent({ type: 'failed', job, at, error }),
      )
      .finally(() => {
        entry.running = false;
      });
  }
}
