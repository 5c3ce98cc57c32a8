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
 * view to StrategyHost.onBar; the view reads the columns through getters (inlined by the JIT).
 * A hook that wants to keep a bar keeps its numbers or reads `ctx.bars()`, whose bars are copies:
 * after the hook returns, this object shows the next row (see defineStrategy's onBar).
 */
export class ColumnBarView implements Bar {
  readonly symbol: MarketSymbol;
  readonly intervalMs: number;
  /** The row shown. */
  row = 0;
  private readonly c: BarColumnsLike;

  constructor(columns: BarColumnsLike) {
    this.c = columns;
    this.symbol = columns.symbol;
    this.intervalMs = columns.intervalMs;
  }

  get openTime(): number {
    return this.c.time[this.row] as number;
  }
  get open(): number {
    return this.c.open[this.row] as number;
  }
  get high(): number {
    return this.c.high[this.row] as number;
  }
  get low(): number {
    return this.c.low[this.row] as number;
  }
  get close(): number {
    return this.c.close[this.row] as number;
  }
  get volume(): number {
    return this.c.volume[this.row] as number;
  }
}
