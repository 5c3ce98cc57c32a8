import type { SchedulerLike } from 'rxjs';
import { type Clock, sleepOn, type TimerHandle } from '../../src/clock/Clock.ts';
import { ClockScheduler } from '../../src/clock/ClockScheduler.ts';
import type { VirtualClock } from '../../src/clock/VirtualClock.ts';

/**
 * Virtual time whose timers fire 1 ms early by its own `now()`, as Node's do against Date.now:
 * Node measures a timer on its cached loop time, which can be a millisecond behind the wall clock
 * when the timer is set. A timer of 1 ms or less fires on time, so nothing spins.
 */
export class EarlyTimers implements Clock {
  readonly scheduler: SchedulerLike = new ClockScheduler(this);
  readonly inner: VirtualClock;

  constructor(inner: VirtualClock) {
    this.inner = inner;
  }

  now(): number {
    return this.inner.now();
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    return this.inner.setTimeout(fn, ms > 1 ? ms - 1 : ms);
  }

  clearTimeout(handle: TimerHandle): void {
    this.inner.clearTimeout(handle);
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return sleepOn(this, ms, signal);
  }
}
