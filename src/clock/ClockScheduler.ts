import { type SchedulerAction, type SchedulerLike, Subscription } from 'rxjs';
import type { Clock, TimerHandle } from './Clock.ts';

type Work<T> = (this: SchedulerAction<T>, state?: T) => void;

/** One scheduled unit of RxJS work; `schedule` re-arms it, which `interval` relies on. */
class ClockAction<T> extends Subscription implements SchedulerAction<T> {
  private handle: TimerHandle | undefined;
  private readonly clock: Clock;
  private readonly work: Work<T>;

  constructor(clock: Clock, work: Work<T>) {
    super(() => this.disarm());
    this.clock = clock;
    this.work = work;
  }

  schedule(state?: T, delay = 0): Subscription {
    if (this.closed) return this;
    this.disarm();
    this.handle = this.clock.setTimeout(
      () => {
        this.handle = undefined;
        if (!this.closed) this.work.call(this, state);
      },
      Math.max(0, delay),
    );
    return this;
  }

  private disarm(): void {
    if (this.handle !== undefined) this.clock.clearTimeout(this.handle);
    this.handle = undefined;
  }
}

/** An RxJS SchedulerLike whose time and timers are those of a Clock. */
export class ClockScheduler implements SchedulerLike {
  private readonly clock: Clock;
  constructor(clock: Clock) {
    this.clock = clock;
  }

  now(): number {
    return this.clock.now();
  }

  schedule<T>(work: Work<T>, delay = 0, state?: T): Subscription {
    return new ClockAction(this.clock, work).schedule(state, delay);
  }
}
