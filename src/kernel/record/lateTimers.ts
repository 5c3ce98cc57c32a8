import type { SchedulerLike } from 'rxjs';
import type { Clock, TimerHandle } from '../../clock/Clock.ts';
import { sleepOn } from '../../clock/Clock.ts';
import { ClockScheduler } from '../../clock/ClockScheduler.ts';

/** A timer this much later than due or more is worth recording (below it, a replay's skew). */
export const LATE_MS = 2;

/** Keeps, per due time, how many timers for it have fired: the n-th one is named by (due, n). */
export class DueCounter {
  private readonly counts = new Map<number, number>();

  next(due: number, now: number): number {
    const n = this.counts.get(due) ?? 0;
    this.counts.set(due, n + 1);
    if (this.counts.size > 4096)
      for (const k of this.counts.keys()) if (k < now - 60_000) this.counts.delete(k);
    return n;
  }
}

/**
 * A clock whose timers say when they fired late: a live process's timers fire after their due
 * time, by a few ms or, on a loaded machine, by hundreds; what a strategy decides then carries
 * that time. `onLate(due, n, lateMs)` hears the n-th timer due at `due` to fire, when it fired
 * `LATE_MS` or more after it, so a replay can fire it as late (ReplayClock). Timers are named by
 * firing, not by setting: one re-armed on every tick (a bar's close) is set many times, fires once.
 */
export class LateTimersClock implements Clock {
  readonly scheduler: SchedulerLike = new ClockScheduler(this);
  onLate: ((due: number, n: number, lateMs: number) => void) | undefined;
  private readonly inner: Clock;
  private readonly dues = new DueCounter();

  constructor(inner: Clock) {
    this.inner = inner;
  }

  now(): number {
    return this.inner.now();
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    const due = this.inner.now() + Math.max(0, ms);
    return this.inner.setTimeout(() => {
      const now = this.inner.now();
      const n = this.dues.next(due, now);
      if (now - due >= LATE_MS) this.onLate?.(due, n, now - due);
      fn();
    }, ms);
  }

  clearTimeout(handle: TimerHandle): void {
    this.inner.clearTimeout(handle);
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return sleepOn(this, ms, signal);
  }
}
