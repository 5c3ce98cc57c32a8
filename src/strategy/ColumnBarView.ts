import type { Bar } from '../domain/bar.ts';
import type { MarketSymbol } from '../domain/ids.ts';

/** The columns a backtest holds for one market (src/market's BarColumns fits). */
export interface BarColumnsLike {
  readonly symbol: MarketSymbol;
  readonly intervalMs: number;
  readonly time: Float64Array;
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
  readonly volume: Float64Array;
}

/**
 * One market's bar columns seen as a Bar at a moving row: what a backtest hands the strategies,
 * one object per feed for the whole run instead of one object per bar. Set `row`, then pass the
 * view to StrategyHost.onBar. Setting the row copies that row's numbers into plain fields, so a
 * hook reads a field, never calls a getter: a double returned by a call the JIT did not inline is
 * a heap number, one per read. A hook that wants to keep a bar keeps its numbers or reads
 * `ctx.bars()`, whose bars are copies: after the hook returns, this object shows the next row
 * (see defineStrategy's onBar).
 */
export class ColumnBarView implements Bar {
  readonly symbol: MarketSymbol;
  readonly intervalMs: number;
  /** What it shows; MarketData follows the rows of these instead of copying each bar. */
  readonly columns: BarColumnsLike;
  openTime = Number.NaN;
  open = Number.NaN;
  high = Number.NaN;
  low = Number.NaN;
  close = Number.NaN;
  volume = Number.NaN;
  private shown = 0;

  constructor(columns: BarColumnsLike) {
    this.columns = columns;
    this.symbol = columns.symbol;
    this.intervalMs = columns.intervalMs;
    this.row = 0;
  }

  /** The row shown. */
  get row(): number {
    return this.shown;
  }
  set row(r: number) {
    const c = this.columns;
    this.shown = r;
    this.openTime = c.time[r] ?? Number.NaN;
    this.open = c.open[r] ?? Number.NaN;
    this.high = c.high[r] ?? Number.NaN;
    this.low = c.low[r] ?? Number.NaN;
    this.close = c.close[r] ?? Number.NaN;
    this.volume = c.volume[r] ?? Number.NaN;
  }
}

/** A bar that may be kept: a view's current row copied into a plain frozen Bar, any other bar itself. */
export function keepableBar(bar: Bar): Bar {
  if (!(bar instanceof ColumnBarView)) return bar;
  const { symbol, openTime, intervalMs, open, high, low, close, volume } = bar;
  return Object.freeze({ symbol, openTime, intervalMs, open, high, low, close, volume });
}
