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
  private prevClose: number | undefined;
  private prevPrevClose: number | undefined;
  private count = 0;
  /** Sum of the true ranges while seeding (the first `interval`), and the last one added. */
  private seed = 0;
  private lastTr = 0;
  private result: number | undefined;
  private previousResult: number | undefined;

  constructor(interval: number) {
    this.interval = checkInterval('Atr', interval);
    this.factor = 1 / interval;
  }

  getRequiredInputs(): number {
    return this.interval;
  }

  get isStable(): boolean {
    return this.result !== undefined;
  }

  add(candle: HighLowClose): number | null {
    return this.update(candle, false);
  }

  replace(candle: HighLowClose): number | null {
    return this.update(candle, true);
  }

  update(candle: HighLowClose, replace = false): number | null {
    const high = checkFinite('Atr', candle.high);
    const low = checkFinite('Atr', candle.low);
    const close = checkFinite('Atr', candle.close);
    if (replace && this.prevClose !== undefined) this.prevClose = this.prevPrevClose;
    const p = this.prevClose;
    const tr = p === undefined ? high - low : Math.max(high - low, Math.abs(high - p), Math.abs(low - p));
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
    if (previous !== undefined) value = (tr - previous) * this.factor + previous;
    else if (this.count >= this.interval) value = this.seed / this.interval;
    else return null;
    if (replace) this.result = this.previousResult;
    this.previousResult = this.result;
    this.result = value;
    return value;
  }

  getResult(): number | null {
    return this.result ?? null;
  }

  getResultOrThrow(): number {
    if (this.result === undefined)
      throw new Error(`Atr(${this.interval}): needs ${this.interval} inputs, has ${this.count}`);
    return this.result;
  }
}
