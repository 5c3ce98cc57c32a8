import type { Bar } from '../domain/bar.ts';
import { MarketSymbol } from '../domain/ids.ts';
import type { BarColumnsLike, ColumnBarView } from './ColumnBarView.ts';

/**
 * The last `capacity` closed bars of one market. A backtest's ColumnBarView is followed, not
 * copied: while its rows come one after another from the same columns, a bar costs two number
 * writes and the window is the columns' rows up to the current one. Any other bar is copied as
 * seven numbers into column rings (a bar from a view that jumped is copied too, after the window
 * so far). Either way nothing is allocated per bar, so the bar handed in may be a view that moves
 * on; Bar objects are made only when a strategy reads `ctx.bars()`, once per bar.
 */
export class BarRing {
  private readonly cap: number;
  private readonly time: Float64Array;
  private readonly interval: Float64Array;
  private readonly open: Float64Array;
  private readonly high: Float64Array;
  private readonly low: Float64Array;
  private readonly close: Float64Array;
  private readonly volume: Float64Array;
  /** Bars already made for `ordered()`, by `index % cap`, with the index each was made for. */
  private readonly made: (Bar | undefined)[];
  private readonly madeAt: Float64Array;
  /** The columns followed; undefined once bars are copied into the rings. */
  private cols: BarColumnsLike | undefined;
  private symbol = MarketSymbol('');
  /** Index of the newest bar: the row of the columns followed, or a count of bars copied. */
  private last = -1;
  private count = 0;
  private view: readonly Bar[] | undefined;

  constructor(capacity: number) {
    this.cap = capacity;
    this.time = new Float64Array(capacity);
    this.interval = new Float64Array(capacity);
    this.open = new Float64Array(capacity);
    this.high = new Float64Array(capacity);
    this.low = new Float64Array(capacity);
    this.close = new Float64Array(capacity);
    this.volume = new Float64Array(capacity);
    this.made = new Array<Bar | undefined>(capacity).fill(undefined);
    this.madeAt = new Float64Array(capacity).fill(-1);
  }

  /** The view's row becomes the newest bar: remembered by its row while the rows are consecutive. */
  follow(v: ColumnBarView): void {
    const row = v.row;
    if (this.cols === v.columns && row === this.last + 1) {
      this.last = row;
      if (this.count < this.cap) this.count++;
      this.view = undefined;
    } else this.start(v, row);
  }

  /** A view's first row, or a row after a jump (then copied): apart, so `follow` stays short to inline. */
  private start(v: ColumnBarView, row: number): void {
    if (this.cols !== undefined || this.count !== 0) {
      this.push(v);
      return;
    }
    this.cols = v.columns;
    this.symbol = v.symbol;
    this.last = row;
    this.count = 1;
    this.view = undefined;
  }

  push(bar: Bar): void {
    if (this.cols !== undefined) this.copyWindow(this.cols);
    this.symbol = bar.symbol;
    // Written here, not through a helper taking the numbers: doubles passed to a call the JIT
    // does not inline are boxed, one heap number each.
    const k = ++this.last % this.cap;
    this.time[k] = bar.openTime;
    this.interval[k] = bar.intervalMs;
    this.open[k] = bar.open;
    this.high[k] = bar.high;
    this.low[k] = bar.low;
    this.close[k] = bar.close;
    this.volume[k] = bar.volume;
    if (this.count < this.cap) this.count++;
    this.view = undefined;
  }

  ordered(): readonly Bar[] {
    if (this.view === undefined) {
      const out: Bar[] = [];
      for (let i = this.last - this.count + 1; i <= this.last; i++) out.push(this.at(i));
      this.view = Object.freeze(out);
    }
    return this.view;
  }

  /** The window read from the columns so far, copied into the rings: from here on bars are copied. */
  private copyWindow(c: BarColumnsLike): void {
    this.cols = undefined;
    for (let r = this.last - this.count + 1; r <= this.last; r++) {
      const k = r % this.cap;
      this.time[k] = c.time[r] ?? Number.NaN;
      this.interval[k] = c.intervalMs;
      this.open[k] = c.open[r] ?? Number.NaN;
      this.high[k] = c.high[r] ?? Number.NaN;
      this.low[k] = c.low[r] ?? Number.NaN;
      this.close[k] = c.close[r] ?? Number.NaN;
      this.volume[k] = c.volume[r] ?? Number.NaN;
    }
  }

  private at(i: number): Bar {
    const k = i % this.cap;
    let bar = this.made[k];
    if (bar === undefined || this.madeAt[k] !== i) {
      bar = this.make(i, k);
      this.made[k] = bar;
      this.madeAt[k] = i;
    }
    return bar;
  }

  private make(i: number, k: number): Bar {
    const symbol = this.symbol;
    const c = this.cols;
    if (c !== undefined)
      return Object.freeze({
        symbol,
        openTime: c.time[i] ?? Number.NaN,
        intervalMs: c.intervalMs,
        open: c.open[i] ?? Number.NaN,
        high: c.high[i] ?? Number.NaN,
        low: c.low[i] ?? Number.NaN,
        close: c.close[i] ?? Number.NaN,
        volume: c.volume[i] ?? Number.NaN,
      });
    return Object.freeze({
      symbol,
      openTime: this.time[k] ?? Number.NaN,
      intervalMs: this.interval[k] ?? Number.NaN,
      open: this.open[k] ?? Number.NaN,
      high: this.high[k] ?? Number.NaN,
      low: this.low[k] ?? Number.NaN,
      close: this.close[k] ?? Number.NaN,
      volume: this.volume[k] ?? Number.NaN,
    });
  }
}
