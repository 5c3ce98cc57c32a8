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

  /** The per-bar path, kept small so the JIT inlines it into the strategy's hook. */
  add(value: number): number | null {
    // value − value is 0 for every finite number, NaN for NaN and ±Infinity.
    if (value - value !== 0) checkFinite('Sma', value);
    const n = this.interval;
    const slot = this.next;
    this.sum += value - (this.count >= n ? (this.ring[slot] as number) : 0);
    this.ring[slot] = value;
    this.count++;
    if (slot === n - 1) {
      this.next = 0;
      this.resum();
    } else this.next = slot + 1;
    return this.count >= n ? this.sum / n : null;
  }

  /** Swaps the last value (the bar still forming changed); the first value if there is none yet. */
  replace(value: number): number | null {
    if (this.count === 0) return this.add(value);
    checkFinite('Sma', value);
    const n = this.interval;
    const slot = this.next === 0 ? n - 1 : this.next - 1;
    this.sum += value - (this.ring[slot] as number);
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
    for (let i = 0; i < this.interval; i++) s += this.ring[i] as number;
    this.sum = s;
  }
}
