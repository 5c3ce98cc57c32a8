import type { SchedulerLike } from 'rxjs';
import { type Clock, sleepOn, type TimerHandle } from './Clock.ts';
import { ClockScheduler } from './ClockScheduler.ts';

/** The handle carries its Node timeout: no table of live timers to keep (one per fill, poll, request). */
class SystemTimer implements TimerHandle {
  readonly id: number;
  readonly timeout: NodeJS.Timeout;

  constructor(id: number, timeout: NodeJS.Timeout) {
    this.id = id;
    this.timeout = timeout;
  }
}

/** Wall-clock time. The one place (with scheduler/) where Date.now and setTimeout are used. */
export class SystemClock implements Clock {
  readonly scheduler: SchedulerLike = new ClockScheduler(this);
  private nextId = 1;

  now(): number {
    return Date.now();
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    return new SystemTimer(this.nextId++, setTimeout(fn, ms));
  }

  clearTimeout(handle: TimerHandle): void {
    // Clearing a timer that already fired, or a handle of another clock, does nothing.
    if (handle instanceof SystemTimer) clearTimeout(handle.timeout);
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return sleepOn(this, ms, signal);
  }
}
