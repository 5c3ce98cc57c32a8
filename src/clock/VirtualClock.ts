import type { SchedulerLike } from 'rxjs';
import { type Clock, sleepOn, type TimerHandle } from './Clock.ts';
import { ClockScheduler } from './ClockScheduler.ts';

interface Timer {
  readonly id: number;
  readonly due: number;
  readonly fn: () => void;
}

/** Lets pending promise chains (in-process I/O, awaits) run before the next timer fires: one event-loop turn. */
function settleTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

const tick = (resolve: () => void): void => process.nextTick(resolve);

/**
 * Lets every pending promise chain run to its end, without an event-loop turn, when awaited from
 * code that has already awaited once (the clock's loops start with `await undefined`): such code
 * runs inside Node's microtask checkpoint, and a next-tick callback queued there runs only once
 * the checkpoint has emptied the microtask queue, including what the chains queued on the way.
 * Work that waits on I/O or on timers of the real clock is not waited for.
 */
function drained(): Promise<void> {
  return new Promise<void>(tick);
}

/**
 * How the clock lets asynchronous reactions settle between timers: `turn` (default) waits an
 * event-loop turn, enough for in-process I/O (the venue client over the in-process fetch);
 * `microtasks` waits only for promise chains, for a world with no I/O at all (the backtest: the
 * engine's adapter and the in-memory journal) — a turn is ≈ 1–3 µs of CPU and an epoll call, a
 * microtask drain a fraction of that.
 */
export type SettleMode = 'turn' | 'microtasks';

/**
 * Time that moves only when told. Timers fire in (due time, creation order); `advance` lets
 * asynchronous reactions settle between timers, `advanceSync` does not (the backtest hot path).
 */
export class VirtualClock implements Clock {
  readonly scheduler: SchedulerLike = new ClockScheduler(this);
  /**
   * Declared with a number, not left undefined until the constructor: a field first holding
   * undefined is stored as a tagged value, and every later time (no small integer) then boxes a
   * new heap number on each advance, four times a backtest bar.
   */
  private current = 0;
  private nextId = 1;
  // Sorted by (due, id); timers are few, so insertion into a sorted array beats a heap here.
  private queue: Timer[] = [];

  /** The wait between timers (see SettleMode), awaited only after a first await. */
  private readonly settle: () => Promise<void>;

  constructor(start = Date.UTC(2026, 0, 1), o: { readonly settle?: SettleMode } = {}) {
    this.current = start;
    this.settle = o.settle === 'microtasks' ? drained : settleTurn;
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
    await undefined;
    await this.settle();
    for (;;) {
      const next = this.queue[0];
      if (next === undefined || next.due > target) break;
      this.queue.shift();
      this.current = Math.max(this.current, next.due);
      next.fn();
      await this.settle();
    }
    this.current = Math.max(this.current, target);
    await this.settle();
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
    await undefined;
    await this.settle();
    while (!done()) {
      const next = this.queue[0];
      if (next === undefined || next.due > deadline) {
        this.current = Math.max(this.current, deadline);
        return done();
      }
      this.queue.shift();
      this.current = Math.max(this.current, next.due);
      next.fn();
      await this.settle();
    }
    return true;
  }
}
