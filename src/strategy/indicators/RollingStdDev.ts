import { checkFinite, checkInterval } from './checkInput.ts';

/**
 * Population standard deviation of the last `interval` values in O(1) per update (a windowed
 * Welford); exists because trading-signals computes it (BollingerBands, getStandardDeviation)
 * by two passes over the window on every update (O(window)).
 *
 * The same results as the library to 1e-9 relative (RollingStdDev.test.ts): `null` until
 * `interval` values were added, then sqrt(Σ(x − mean)² / interval). Precision:
 * - the mean is kept relative to a shift near the window's level, so its rounding is that of the
 *   window's spread, not of the price (a price of 100 would cost 1e-14 on every deviation);
 * - everything is recomputed from the window by the library's two passes every `interval`
 *   additions, so rounding never accumulates over a long stream;
 * - and at once when the sum of squares fell below 10⁻⁴ of its peak (a spike left the window),
 *   since what remains of that subtraction carries the peak's rounding.
 */
export class RollingStdDev {
  readonly interval: number;
  private readonly ring: Float64Array;
  private count = 0;
  private shift = 0;
  /** Mean of the window minus `shift`. */
  private mean = 0;
  /** Σ(x − mean)² over the values in the ring. */
  private m2 = 0;
  /** The largest m2 since the last recompute: a subtraction keeps its rounding, not m2's. */
  private peak = 0;

  constructor(interval: number) {
    this.interval = checkInterval('RollingStdDev', interval);
    this.ring = new Float64Array(interval);
  }

  getRequiredInputs(): number {
    return this.interval;
  }

  get isStable(): boolean {
    return this.count >= this.interval;
  }

  /** The mean of the window (the middle band), or null before it is stable. */
  get average(): number | null {
    return this.count >= this.interval ? this.shift + this.mean : null;
  }

  add(value: number): number | null {
    return this.update(value, false);
  }

  replace(value: number): number | null {
    return this.update(value, true);
  }

  update(value: number, replace = false): number | null {
    checkFinite('RollingStdDev', value);
    const n = this.interval;
    if (replace && this.count > 0) {
      const slot = (this.count - 1) % n;
      const out = this.ring[slot] ?? 0;
      this.ring[slot] = value;
      this.swap(out, value, Math.min(this.count, n));
    } else if (this.count < n) {
      if (this.count === 0) this.shift = value;
      this.ring[this.count++] = value;
      const x = value - this.shift;
      const d = x - this.mean;
      this.mean += d / this.count;
      this.m2 += d * (x - this.mean);
      if (this.m2 > this.peak) this.peak = this.m2;
      if (this.count === n) this.recompute(n);
    } else {
      const slot = this.count % n;
      const out = this.ring[slot] ?? 0;
      this.ring[slot] = value;
      this.count++;
      if (slot === n - 1) this.recompute(n);
      else this.swap(out, value, n);
    }
    return this.getResult();
  }

  getResult(): number | null {
    if (this.count < this.interval) return null;
    return Math.sqrt(this.m2 > 0 ? this.m2 / this.interval : 0);
  }

  getResultOrThrow(): number {
    const r = this.getResult();
    if (r === null)
      throw new Error(`RollingStdDev(${this.interval}): needs ${this.interval} inputs, has ${this.count}`);
    return r;
  }

  /** One value of a window of `size` left and another took its place (the ring holds it already). */
  private swap(out: number, value: number, size: number): void {
    const x = value - this.shift;
    const y = out - this.shift;
    const before = this.mean;
    const delta = x - y;
    this.mean += delta / size;
    this.m2 += delta * (x - this.mean + y - before);
    if (this.m2 > this.peak) this.peak = this.m2;
    else if (this.m2 < this.peak * 1e-4) this.recompute(size);
  }

  /**
   * The library's two passes over the `size` values in the ring (in its order when the ring is in
   * age order: a full window whose newest value went into the last slot); the mean becomes the shift.
   */
  private recompute(size: number): void {
    let sum = 0;
    for (let i = 0; i < size; i++) sum += this.ring[i] ?? 0;
    const mean = sum / size;
    let m2 = 0;
    let residual = 0;
    for (let i = 0; i < size; i++) {
      const d = (this.ring[i] ?? 0) - mean;
      m2 += d * d;
      residual += d;
    }
    // The rounded mean is the new shift; what its rounding left out stays in the shifted mean.
    this.shift = mean;
    this.mean = residual / size;
    this.m2 = m2;
    this.peak = m2;
  }
}
