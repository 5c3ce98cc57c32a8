import type { Bar } from '../domain/bar.ts';
import type { MarketSymbol } from '../domain/ids.ts';

/**
 * The last `capacity` closed bars of one market, kept as numbers in columns: pushing a bar copies
 * seven numbers and allocates nothing, so the bar handed in may be a view that moves on (a
 * backtest's ColumnBarView). Bar objects are made only when a strategy reads `ctx.bars()`, once per
 * slot, and the ordered list once per bar.
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
  private readonly made: (Bar | undefined)[];
  private symbol: MarketSymbol | undefined;
  private next = 0;
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
  }

  push(bar: Bar): void {
    const k = this.next;
    this.symbol = bar.symbol;
    this.time[k] = bar.openTime;
    this.interval[k] = bar.intervalMs;
    this.open[k] = bar.open;
    this.high[k] = bar.high;
    this.low[k] = bar.low;
    this.close[k] = bar.close;
    this.volume[k] = bar.volume;
    this.made[k] = undefined;
    this.next = k + 1 === this.cap ? 0 : k + 1;
    if (this.count < this.cap) this.count++;
    this.view = undefined;
  }

  ordered(): readonly Bar[] {
    if (this.view === undefined) {
      const out: Bar[] = [];
      const cap = this.cap;
      for (let i = this.count; i > 0; i--) out.push(this.at((this.next - i + cap) % cap));
      this.view = Object.freeze(out);
    }
    return this.view;
  }

  private at(k: number): Bar {
    let bar = this.made[k];
    if (bar === undefined) {
      bar = Object.freeze({
        symbol: this.symbol as MarketSymbol,
        openTime: this.time[k] as number,
        intervalMs: this.interval[k] as number,
        open: this.open[k] as number,
        high: this.high[k] as number,
        low: this.low[k] as number,
        close: this.close[k] as number,
        volume: this.volume[k] as number,
      });
      this.made[k] = bar;
    }
    return bar;
  }
}
