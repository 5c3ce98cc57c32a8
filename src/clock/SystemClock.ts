import type { SchedulerLike } from 'rxjs';
import { type Clock, sleepOn, type TimerHandle } from './Clock.ts';
import { ClockScheduler } from './ClockScheduler.ts';

/** Wall-clock time. The one place (with scheduler/) where Date.now and setTimeout are used. */
export class SystemClock implements Clock {
  readonly scheduler: SchedulerLike = new ClockScheduler(this);
  private readonly timers = new Map<number, NodeJS.Timeout>();
  private nextId = 1;

  now(): number {
    return Date.now();
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    const id = this.nextId++;
    this.timers.set(
      id,
      setTimeout(() => {
        this.timers.delete(id);
        fn();
      }, ms),
    );
    return { id };
  }

  clearTimeout(handle: TimerHandle): void {
    const t = this.timers.get(handle.id);
    if (t !== undefined) clearTimeout(t);
    this.timers.delete(handle.id);
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return sleepOn(this, ms, signal);
  }
}
