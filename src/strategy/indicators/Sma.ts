import { checkFinite, checkInterval } from './checkInput.ts';

/**
 * Simple moving average in O(1) per update; exists because trading-signals' SMA re-sums its
 * window and shifts an array on every update (O(window)).
 *
 * The same API and results as trading-signals' `SMA` (to 1e-9 relative, SMA.test.ts): `null`
 * until `interval` values were added, then the mean of the last `interval`; `replace` swaps the
 * last value. A running sum drifts by rounding, so it is re-summed from the window, oldest
 * first as the library sums, every `interval` additions: the error never grows with the stream.
 */
export class Sma {
  readonly interval: number;
  private readonly ring: Float64Array;
  /** Values added so far (a replace does not count). */
  private count = 0;
  /** The slot the next value goes to (count modulo interval, without a division per update). */
  private next = 0;
  private sum = 0;

  constructor(interval: number) {
    this.interval = checkInterval('Sma', interval);
    this.ring = new Float64Array(interval);
  }

  getRequiredInputs(): number {
    return this.interval;
  }

  get isStable(): boolean {
    return this.count >= this.interval;
  }

  /** The library's `add`: the mean, or null before `interval` values were added. */
  add(value: number): number | null {
    const mean = this.step(value);
    return Number.isNaN(mean) ? null : mean;
  }

  /**
   * `add` for the per-bar path: the mean, NaN before it is stable. A double, never null, so the
   * JIT keeps it unboxed; a `number | null` result is a heap number per call wherever it is not
   * inlined. NaN also makes arithmetic on an unready average NaN, and every comparison false.
   */
  step(value: number): number {
    // value − value is 0 for every finite number, NaN for NaN and ±Infinity.
    if (value - value !== 0) checkFinite('Sma', value);
    const n = this.interval;
    const slot = this.next;
    const ring = this.ring;
    // The ring holds zeros until it is full, so the oldest value is subtracted only once there is one.
    this.sum += value - (ring[slot] ?? 0);
    ring[slot] = value;
    this.count++;
    if (slot === n - 1) {
      this.next = 0;
      this.resum();
    } else this.next = slot + 1;
    return this.count >= n ? this.sum / n : Number.NaN;
  }

  /** Swaps the last value (the bar still forming changed); the first value if there is none yet. */
  replace(value: number): number | null {
    if (this.count === 0) return this.add(value);
    checkFinite('Sma', value);
    const n = this.interval;
    const slot = this.next === 0 ? n - 1 : this.next - 1;
    this.sum += value - (this.ring[slot] ?? 0);
    this.ring[slot] = value;
    return this.count >= n ? this.sum / n : null;
  }

  update(value: number, replace = false): number | null {
    return replace ? this.replace(value) : this.add(value);
  }

  getResult(): number | null {
    return this.count >= this.interval ? this.sum / this.interval : null;
  }

  getResultOrThrow(): number {
    const r = this.getResult();
    if (r === null)
      throw new Error(`Sma(${this.interval}): needs ${this.interval} inputs, has ${this.count}`);
    return r;
  }

  /** The window is exactly the ring, oldest at slot 0, when the newest went into the last slot. */
  private resum(): void {
    let s = 0;
    for (let i = 0; i < this.interval; i++) s += this.ring[i] ?? 0;
    this.sum = s;
  }
}
