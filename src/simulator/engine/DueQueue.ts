import type { Clock, TimerHandle } from '../../clock/Clock.ts';

type Run = () => void;

/**
 * Work due at a clock time (fills, settles), in (time, arrival) order, behind ONE clock timer
 * armed for the earliest entry. A busy venue has thousands of fills in flight but only a few
 * hundred distinct due times (fill latencies are whole milliseconds): entries wait in one
 * bucket per time, and only the times sit in a binary heap. A heap of entries cost a sift of
 * ~13 levels per fill; one timer per fill cost a Node timeout each.
 */
export class DueQueue {
  private readonly clock: Clock;
  private readonly buckets = new Map<number, Run[]>();
  /** Min-heap of the times that have a bucket. */
  private readonly times: number[] = [];
  private count = 0;
  private timer: TimerHandle | undefined;
  private armedAt = Number.POSITIVE_INFINITY;

  constructor(clock: Clock) {
    this.clock = clock;
  }

  get size(): number {
    return this.count;
  }

  /** Runs `run` once `ms` from now. */
  add(ms: number, run: Run): void {
    const at = this.clock.now() + ms;
    const bucket = this.buckets.get(at);
    this.count++;
    if (bucket) {
      bucket.push(run);
      return;
    }
    this.buckets.set(at, [run]);
    this.pushTime(at);
    if (at < this.armedAt) this.arm(at);
  }

  /** Drops everything pending and the timer. */
  clear(): void {
    if (this.timer) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.armedAt = Number.POSITIVE_INFINITY;
    this.buckets.clear();
    this.times.length = 0;
    this.count = 0;
  }

  private arm(at: number): void {
    if (this.timer) this.clock.clearTimeout(this.timer);
    this.armedAt = at;
    this.timer = this.clock.setTimeout(() => this.fire(), Math.max(0, at - this.clock.now()));
  }

  private fire(): void {
    this.timer = undefined;
    this.armedAt = Number.POSITIVE_INFINITY;
    const now = this.clock.now();
    let bucket: Run[] | undefined;
    let at = 0;
    let i = 0;
    try {
      while ((this.times[0] ?? Number.POSITIVE_INFINITY) <= now) {
        at = this.popTime();
        // Every time in the heap has a bucket (pushTime follows each new one).
        bucket = this.buckets.get(at) ?? [];
        // Out of the map first: work a run schedules for this very time gets a bucket behind it.
        this.buckets.delete(at);
        for (i = 0; i < bucket.length; i++) {
          this.count--;
          bucket[i]?.();
        }
        bucket = undefined;
      }
    } finally {
      // An entry that throws must not strand the ones behind it.
      if (bucket && i + 1 < bucket.length) this.putBack(at, bucket.slice(i + 1));
      const next = this.times[0];
      if (next !== undefined && next < this.armedAt) this.arm(next);
    }
  }

  /** Returns unrun entries to their time, ahead of any added for that time since. */
  private putBack(at: number, rest: Run[]): void {
    const since = this.buckets.get(at);
    if (since) this.buckets.set(at, rest.concat(since));
    else {
      this.buckets.set(at, rest);
      this.pushTime(at);
    }
  }

  private pushTime(at: number): void {
    const h = this.times;
    let i = h.push(at) - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const above = h[parent] ?? at; // parent < i: always there
      if (above <= at) break;
      h[i] = above;
      i = parent;
    }
    h[i] = at;
  }

  private popTime(): number {
    const h = this.times;
    // fire pops only while the heap's top is due, so it is never empty here.
    const top = h[0] ?? Number.POSITIVE_INFINITY;
    const last = h.pop() ?? top;
    if (h.length === 0) return top;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= h.length) break;
      const left = h[l] ?? last;
      const right = l + 1 < h.length ? (h[l + 1] ?? last) : Number.POSITIVE_INFINITY;
      const smaller = right < left ? right : left;
      if (smaller >= last) break;
      h[i] = smaller;
      i = right < left ? l + 1 : l;
    }
    h[i] = last;
    return top;
  }
}
