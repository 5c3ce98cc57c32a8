import { checkFinite, checkInterval } from './checkInput.ts';

/**
 * The largest (or smallest) of the last `interval` values in O(1) amortized per update: a
 * monotonic deque of the values that can still become the extreme. Each value enters and
 * leaves it once. RollingMax and RollingMin are its two faces.
 */
export class RollingExtreme {
  readonly interval: number;
  private readonly name: string;
  private readonly max: boolean;
  /** Value of sequence number s at slot s % interval. */
  private readonly values: Float64Array;
  /** Sequence numbers of the candidates, oldest (the extreme) first: a ring of `interval` slots. */
  private readonly deque: Float64Array;
  private head = 0;
  private size = 0;
  /** Values added so far (a replace does not count). */
  private count = 0;

  constructor(name: string, interval: number, max: boolean) {
    this.name = name;
    this.interval = checkInterval(name, interval);
    this.max = max;
    this.values = new Float64Array(interval);
    this.deque = new Float64Array(interval);
  }

  getRequiredInputs(): number {
    return this.interval;
  }

  get isStable(): boolean {
    return this.count >= this.interval;
  }

  add(value: number): number | null {
    return this.update(value, false);
  }

  /** `add` for the per-bar path: the extreme, NaN before it is stable (a double, never boxed). */
  step(value: number): number {
    this.put(value, false);
    return this.count < this.interval ? Number.NaN : this.extreme();
  }

  replace(value: number): number | null {
    return this.update(value, true);
  }

  /** `replace` swaps the last value; it rebuilds the deque from the window (O(window)), as it is rare. */
  update(value: number, replace = false): number | null {
    this.put(value, replace);
    return this.getResult();
  }

  private put(value: number, replace: boolean): void {
    checkFinite(this.name, value);
    const n = this.interval;
    if (replace && this.count > 0) {
      this.values[(this.count - 1) % n] = value;
      this.size = 0;
      for (let s = Math.max(0, this.count - n); s < this.count; s++) this.push(s);
    } else {
      const s = this.count++;
      this.values[s % n] = value;
      if (this.size > 0 && (this.deque[this.head] ?? 0) <= s - n) {
        this.head = (this.head + 1) % n;
        this.size--;
      }
      this.push(s);
    }
  }

  getResult(): number | null {
    return this.count < this.interval ? null : this.extreme();
  }

  private extreme(): number {
    return this.values[(this.deque[this.head] ?? 0) % this.interval] ?? Number.NaN;
  }

  getResultOrThrow(): number {
    const r = this.getResult();
    if (r === null)
      throw new Error(`${this.name}(${this.interval}): needs ${this.interval} inputs, has ${this.count}`);
    return r;
  }

  /** Drops the candidates that sequence number `s` outranks, then queues it. */
  private push(s: number): void {
    const n = this.interval;
    const v = this.values[s % n] ?? Number.NaN;
    const { deque, values } = this;
    while (this.size > 0) {
      const back = values[(deque[(this.head + this.size - 1) % n] ?? 0) % n] ?? Number.NaN;
      if (this.max ? back > v : back < v) break;
      this.size--;
    }
    deque[(this.head + this.size) % n] = s;
    this.size++;
  }
}
