import type { SchedulerLike } from 'rxjs';
import type { Clock, TimerHandle } from '../../clock/Clock.ts';
import { sleepOn } from '../../clock/Clock.ts';
import { ClockScheduler } from '../../clock/ClockScheduler.ts';

/** A timer this much later than due or more is worth recording (below it, a replay's skew). */
export const LATE_MS = 2;

/** Due times already seen, forgotten a minute after they passed. */
class RecentDues {
  private readonly seen = new Set<number>();

  /** True the first time `due` is added. */
  add(due: number, now: number): boolean {
    if (this.seen.has(due)) return false;
    this.seen.add(due);
    if (this.seen.size > 4096) for (const d of this.seen) if (d < now - 60_000) this.seen.delete(d);
    return true;
  }
}

/**
 * A clock whose timers say when they fired late: a live process's timers fire after their due
 * time, by a few ms or, on a loaded machine, by hundreds; what a strategy decides then carries
 * that time. `onLate(due, lateMs)` hears, once per due time, the first timer due then that fired
 * `LATE_MS` or more after it, so a replay can fire its timers due then as late (ReplayClock).
 * By due time alone: the loop was late then for every timer due then, whoever set it (timers a
 * replay does not have, the console's or an embedded simulator's, change nothing).
 */
export class LateTimersClock implements Clock {
  readonly scheduler: SchedulerLike = new ClockScheduler(this);
  onLate: ((due: number, lateMs: number) => void) | undefined;
  private readonly inner: Clock;
  private readonly dues = new RecentDues();

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
      if (now - due >= LATE_MS && this.dues.add(due, now)) this.onLate?.(due, now - due);
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
