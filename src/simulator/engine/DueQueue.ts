import type { Clock, TimerHandle } from '../../clock/Clock.ts';

interface Due {
  readonly at: number;
  readonly seq: number;
  readonly run: () => void;
}

const before = (a: Due, b: Due): boolean => a.at < b.at || (a.at === b.at && a.seq < b.seq);

/**
 * Work due at a clock time (fills, settles), in (time, arrival) order, behind ONE clock timer
 * armed for the earliest entry. A busy venue has thousands of fills in flight: one timer per
 * fill cost a Node timeout, a closure and a tracking entry each.
 */
export class DueQueue {
  private readonly clock: Clock;
  private readonly heap: Due[] = [];
  private seq = 0;
  private timer: TimerHandle | undefined;
  private armedAt = Number.POSITIVE_INFINITY;

  constructor(clock: Clock) {
    this.clock = clock;
  }

  get size(): number {
    return this.heap.length;
  }

  /** Runs `run` once `ms` from now. */
  add(ms: number, run: () => void): void {
    const due: Due = { at: this.clock.now() + ms, seq: this.seq++, run };
    this.push(due);
    if (due.at < this.armedAt) this.arm(due.at);
  }

  /** Drops everything pending and the timer. */
  clear(): void {
    if (this.timer) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.armedAt = Number.POSITIVE_INFINITY;
    this.heap.length = 0;
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
    try {
      for (let top = this.heap[0]; top !== undefined && top.at <= now; top = this.heap[0]) {
        this.pop();
        top.run();
      }
    } finally {
      // An entry that throws must not strand the ones behind it.
      const next = this.heap[0];
      if (next && next.at < this.armedAt) this.arm(next.at);
    }
  }

  private push(d: Due): void {
    const h = this.heap;
    let i = h.push(d) - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(d, h[parent] as Due)) break;
      h[i] = h[parent] as Due;
      i = parent;
    }
    h[i] = d;
  }

  private pop(): void {
    const h = this.heap;
    const last = h.pop() as Due;
    if (h.length === 0) return;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= h.length) break;
      const r = l + 1;
      const child = r < h.length && before(h[r] as Due, h[l] as Due) ? r : l;
      if (!before(h[child] as Due, last)) break;
      h[i] = h[child] as Due;
      i = child;
    }
    h[i] = last;
  }
}
