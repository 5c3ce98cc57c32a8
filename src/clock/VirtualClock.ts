import type { SchedulerLike } from 'rxjs';
import { type Clock, sleepOn, type TimerHandle } from './Clock.ts';
import { ClockScheduler } from './ClockScheduler.ts';

interface Timer {
  readonly id: number;
  readonly due: number;
  readonly fn: () => void;
}

/** Lets pending promise chains (in-process I/O, awaits) run before the next timer fires. */
function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Time that moves only when told. Timers fire in (due time, creation order); `advance` lets
 * asynchronous reactions settle between timers, `advanceSync` does not (the backtest hot path).
 */
export class VirtualClock implements Clock {
  readonly scheduler: SchedulerLike = new ClockScheduler(this);
  private current: number;
  private nextId = 1;
  // Sorted by (due, id); timers are few, so insertion into a sorted array beats a heap here.
  private queue: Timer[] = [];

  constructor(start = Date.UTC(2026, 0, 1)) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    const timer: Timer = { id: this.nextId++, due: this.current + Math.max(0, ms), fn };
    let i = this.queue.length;
    while (i > 0 && (this.queue[i - 1]?.due ?? Number.NEGATIVE_INFINITY) > timer.due) i--;
    this.queue.splice(i, 0, timer);
    return { id: timer.id };
  }

  clearTimeout(handle: TimerHandle): void {
    const i = this.queue.findIndex((t) => t.id === handle.id);
    if (i >= 0) this.queue.splice(i, 1);
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return sleepOn(this, ms, signal);
  }

  /** Number of timers waiting to fire. */
  get pendingTimers(): number {
    return this.queue.length;
  }

  /** A timer is due at the current time (it fires on the next advance, even by 0). */
  hasDue(): boolean {
    const next = this.queue[0];
    return next !== undefined && next.due <= this.current;
  }

  /** Due time of the next timer, if any. */
  nextDue(): number | undefined {
    return this.queue[0]?.due;
  }

  /** Moves time forward by `ms`, firing every timer that falls due, settling async work between them. */
  async advance(ms: number): Promise<void> {
    await this.advanceTo(this.current + ms);
  }

  async advanceTo(target: number): Promise<void> {
    await settle();
    for (;;) {
      const next = this.queue[0];
      if (next === undefined || next.due > target) break;
      this.queue.shift();
      this.current = Math.max(this.current, next.due);
      next.fn();
      await settle();
    }
    this.current = Math.max(this.current, target);
    await settle();
  }

  /** Synchronous advance for hot loops that have no asynchronous reactions. */
  advanceSync(ms: number): void {
    const target = this.current + ms;
    for (;;) {
      const next = this.queue[0];
      if (next === undefined || next.due > target) break;
      this.queue.shift();
      this.current = Math.max(this.current, next.due);
      next.fn();
    }
    this.current = Math.max(this.current, target);
  }

  /**
   * Runs timers (settling between them) until `done()` holds or `limitMs` of virtual time passed.
   * The tool for tests: "advance until the request is terminal", with no real sleeping.
   */
  async runUntil(done: () => boolean, limitMs = 3_600_000): Promise<boolean> {
    const deadline = this.current + limitMs;
    await settle();
    while (!done()) {
      const next = this.queue[0];
      if (next === undefined || next.due > deadline) {
        this.current = Math.max(this.current, deadline);
        return done();
      }
      this.queue.shift();
      this.current = Math.max(this.current, next.due);
      next.fn();
      await settle();
    }
    return true;
  }
}
