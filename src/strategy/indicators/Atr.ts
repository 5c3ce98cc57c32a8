import { checkFinite, checkInterval } from './checkInput.ts';

export interface HighLowClose {
  readonly high: number;
  readonly low: number;
  readonly close: number;
}

/**
 * Average true range with Wilder's smoothing in O(1) per update; exists because trading-signals'
 * ATR smooths through a WSMA that keeps updating an inner SMA (O(window)) on every bar, long after
 * that SMA seeded the first value. The same arithmetic in the same order as the library's
 * `ATR(interval)`: the first result is the mean of the first `interval` true ranges, each later
 * one `(tr − prev) / interval + prev` (Atr.test.ts).
 */
export class Atr {
  readonly interval: number;
  private readonly factor: number;
  // NaN for "none yet" (inputs are finite): a field that may hold undefined boxes every double stored in it.
  private prevClose = Number.NaN;
  private prevPrevClose = Number.NaN;
  private count = 0;
  /** Sum of the true ranges while seeding (the first `interval`), and the last one added. */
  private seed = 0;
  private lastTr = 0;
  private result = Number.NaN;
  private previousResult = Number.NaN;

  constructor(interval: number) {
    this.interval = checkInterval('Atr', interval);
    this.factor = 1 / interval;
  }

  getRequiredInputs(): number {
    return this.interval;
  }

  get isStable(): boolean {
    return !Number.isNaN(this.result);
  }

  add(candle: HighLowClose): number | null {
    return this.update(candle, false);
  }

  replace(candle: HighLowClose): number | null {
    return this.update(candle, true);
  }

  update(candle: HighLowClose, replace = false): number | null {
    const atr = this.step(candle, replace);
    return Number.isNaN(atr) ? null : atr;
  }

  /** `update` for the per-bar path: the ATR, NaN before it is stable (a double, never boxed). */
  step(candle: HighLowClose, replace = false): number {
    const high = checkFinite('Atr', candle.high);
    const low = checkFinite('Atr', candle.low);
    const close = checkFinite('Atr', candle.close);
    if (replace && !Number.isNaN(this.prevClose)) this.prevClose = this.prevPrevClose;
    const p = this.prevClose;
    const tr = Number.isNaN(p) ? high - low : Math.max(high - low, Math.abs(high - p), Math.abs(low - p));
    this.prevPrevClose = this.prevClose;
    this.prevClose = close;
    const again = replace && this.count > 0;
    if (again) this.seed += tr - this.lastTr;
    else if (this.count < this.interval) {
      this.count++;
      this.seed += tr;
    }
    this.lastTr = tr;
    const previous = replace ? this.previousResult : this.result;
    let value: number;
    if (!Number.isNaN(previous)) value = (tr - previous) * this.factor + previous;
    else if (this.count >= this.interval) value = this.seed / this.interval;
    else return Number.NaN;
    if (replace) this.result = this.previousResult;
    this.previousResult = this.result;
    this.result = value;
    return value;
  }

  getResult(): number | null {
    return Number.isNaN(this.result) ? null : this.result;
  }

  getResultOrThrow(): number {
    if (Number.isNaN(this.result))
      throw new Error(`Atr(${this.interval}): needs ${this.interval} inputs, has ${this.count}`);
    return this.result;
  }
}
