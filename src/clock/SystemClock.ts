import type { SchedulerLike } from 'rxjs';
import { type Clock, sleepOn, type TimerHandle } from './Clock.ts';
import { ClockScheduler } from './ClockScheduler.ts';

/**
 * The longest delay Node's setTimeout takes: a longer one fires after 1 ms, with a
 * TimeoutOverflowWarning, so a cron due in a month would fire (and re-arm) every millisecond.
 */
const MAX_DELAY_MS = 2 ** 31 - 1;

/** The handle carries its Node timeout: no table of live timers to keep (one per fill, poll, request). */
class SystemTimer implements TimerHandle {
  readonly id: number;
  /** The Node timeout now pending: a long delay is waited in parts, each re-armed here. */
  timeout: NodeJS.Timeout | undefined;

  constructor(id: number) {
    this.id = id;
  }
}

/** The first part of a delay longer than Node takes; each part arms the next on `timer`. */
function waitLong(timer: SystemTimer, fn: () => void, left: number): NodeJS.Timeout {
  return setTimeout(() => {
    const rest = left - MAX_DELAY_MS;
    timer.timeout = rest > MAX_DELAY_MS ? waitLong(timer, fn, rest) : setTimeout(fn, rest);
  }, MAX_DELAY_MS);
}

/** Wall-clock time. The one place (with scheduler/) where Date.now and setTimeout are used. */
export class SystemClock implements Clock {
  readonly scheduler: SchedulerLike = new ClockScheduler(this);
  private nextId = 1;

  now(): number {
    return Date.now();
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    const timer = new SystemTimer(this.nextId++);
    // No closure on the common path: a fill's, poll's or request's timer is short.
    timer.timeout = ms > MAX_DELAY_MS ? waitLong(timer, fn, ms) : setTimeout(fn, ms);
    return timer;
  }

  clearTimeout(handle: TimerHandle): void {
    // Clearing a timer that already fired, or a handle of another clock, does nothing.
    if (handle instanceof SystemTimer) clearTimeout(handle.timeout);
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return sleepOn(this, ms, signal);
  }
}
