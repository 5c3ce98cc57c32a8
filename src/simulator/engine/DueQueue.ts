import type { Clock, TimerHandle } from '../../clock/Clock.ts';

/** An entry's work, called with the queue's host and the entry's argument. */
export type Due<H, X> = (host: H, x: X) => void;

/**
 * Work due at a clock time (fills, settles), in (time, arrival) order, behind ONE clock timer
 * armed for the earliest entry. A busy venue has thousands of fills in flight but only a few
 * hundred distinct due times (fill latencies are whole milliseconds): entries wait in one
 * bucket per time, the buckets in a sorted window [head, end) of two arrays. A new time is
 * nearly always the latest, so it is placed by a short scan from the end; the earliest is taken
 * from the head. Slots are reused, never freed: a Map of buckets cost a rehash (a runtime call
 * and a new table) each time it went from one time to none and back, which a lone fill does.
 * A bucket holds its entries as pairs (work, argument): a fill is `fillOpen` and its quote, with
 * the host (the engine) passed in, so that no closure is made per request.
 */
export class DueQueue<H = undefined> {
  private readonly clock: Clock;
  private readonly host: H;
  private readonly times: number[] = [];
  private readonly buckets: (unknown[] | undefined)[] = [];
  private head = 0;
  private end = 0;
  private count = 0;
  private timer: TimerHandle | undefined;
  private armedAt = Number.POSITIVE_INFINITY;
  /** The timer's callback, made once: a lone fill arms a timer of its own. */
  private readonly fireNow = (): void => this.fire();

  /** `host` is what every entry's work is called with (see `add`). */
  constructor(clock: Clock, host: H) {
    this.clock = clock;
    this.host = host;
  }

  get size(): number {
    return this.count;
  }

  /** Runs `run` once `ms` from now; or `run(host, x)`, which needs no closure over `x`. */
  add(ms: number, run: () => void): void;
  add<X>(ms: number, run: Due<H, X>, x: X): void;
  add(ms: number, run: Due<H, never>, x?: unknown): void {
    const at = this.clock.now() + ms;
    this.count++;
    let i = this.end;
    while (i > this.head && (this.times[i - 1] ?? at) > at) i--;
    const last = i > this.head ? this.buckets[i - 1] : undefined;
    if (last !== undefined && this.times[i - 1] === at) {
      last.push(run, x);
      return;
    }
    this.insert(i, at, [run, x]);
    if (at < this.armedAt) this.arm(at);
  }

  /** Drops everything pending and the timer. */
  clear(): void {
    if (this.timer) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.armedAt = Number.POSITIVE_INFINITY;
    this.buckets.fill(undefined);
    this.head = 0;
    this.end = 0;
    this.count = 0;
  }

  /** Puts a bucket for `at` at slot `i` of the window, moving the later ones up. */
  private insert(i: number, at: number, bucket: unknown[]): void {
    if (i === this.head && this.head > 0) {
      // Before everything pending: the slot below the head is free.
      this.head--;
      this.times[this.head] = at;
      this.buckets[this.head] = bucket;
      return;
    }
    for (let j = this.end; j > i; j--) {
      this.times[j] = this.times[j - 1] ?? at;
      this.buckets[j] = this.buckets[j - 1];
    }
    this.times[i] = at;
    this.buckets[i] = bucket;
    this.end++;
  }

  private arm(at: number): void {
    if (this.timer) this.clock.clearTimeout(this.timer);
    this.armedAt = at;
    this.timer = this.clock.setTimeout(this.fireNow, Math.max(0, at - this.clock.now()));
  }

  private fire(): void {
    this.timer = undefined;
    this.armedAt = Number.POSITIVE_INFINITY;
    const now = this.clock.now();
    let bucket: unknown[] | undefined;
    let at = 0;
    let i = 0;
    try {
      while (this.head < this.end && (this.times[this.head] ?? now) <= now) {
        at = this.times[this.head] ?? now;
        // Out of the window first: work a run schedules for this very time gets a bucket behind it.
        bucket = this.buckets[this.head];
        this.buckets[this.head] = undefined;
        this.head++;
        if (this.head === this.end) this.head = this.end = 0;
        else if (this.head >= 64 && this.head * 2 >= this.end) this.compact();
        for (i = 0; bucket !== undefined && i < bucket.length; i += 2) {
          this.count--;
          const run = bucket[i];
          // Always a function: `add` puts the work first in each pair.
          if (typeof run === 'function') run(this.host, bucket[i + 1]);
        }
        bucket = undefined;
      }
    } finally {
      // An entry that throws must not strand the ones behind it.
      if (bucket && i + 2 < bucket.length) this.putBack(at, bucket.slice(i + 2));
      if (this.head < this.end) {
        const next = this.times[this.head] ?? now;
        if (next < this.armedAt) this.arm(next);
      }
    }
  }

  /** Moves the window down to slot 0: a queue that never empties would otherwise creep up forever. */
  private compact(): void {
    const n = this.end - this.head;
    this.times.copyWithin(0, this.head, this.end);
    this.buckets.copyWithin(0, this.head, this.end);
    this.buckets.fill(undefined, n, this.end);
    this.head = 0;
    this.end = n;
  }

  /** Returns unrun entries to their time, ahead of any added for that time since. */
  private putBack(at: number, rest: unknown[]): void {
    // Nothing pending is earlier than `at`: its bucket, if one was made since, is the head.
    const since = this.head < this.end && this.times[this.head] === at ? this.buckets[this.head] : undefined;
    if (since !== undefined) this.buckets[this.head] = rest.concat(since);
    else this.insert(this.head, at, rest);
  }
}
