import { describe, expect, it } from 'vitest';
import type { Bar } from '../domain/bar.ts';
import { MarketSymbol } from '../domain/ids.ts';
import { ColumnBarView } from './ColumnBarView.ts';
import { MarketData } from './MarketData.ts';

const bar = (symbol: string, t: number, close: number): Bar => ({
  symbol: MarketSymbol(symbol),
  openTime: t,
  intervalMs: 1,
  open: close,
  high: close,
  low: close,
  close,
  volume: 0,
});

describe('MarketData', () => {
  it('keeps the last N closed bars per market, oldest first, and the latest close as price', () => {
    const d = new MarketData(3);
    for (let t = 0; t < 5; t++) d.onBar(bar('A', t, 10 + t));
    d.onBar(bar('B', 0, 99));
    expect(d.recentBars('A').map((b) => b.openTime)).toEqual([2, 3, 4]);
    expect(d.recentBars('B').map((b) => b.close)).toEqual([99]);
    expect(d.recentBars('C')).toEqual([]);
    expect(d.price('A')).toBe(14);
    d.onTick({ symbol: MarketSymbol('A'), mark: 15, ts: 5 });
    expect(d.price('A')).toBe(15);
  });
});

/** Six rows whose every field tells its row: openTime = row·60 s, open = 100 + row, … */
const columnsOf = (symbol: string, n = 6) => ({
  symbol: MarketSymbol(symbol),
  intervalMs: 60_000,
  time: Float64Array.from({ length: n }, (_, i) => i * 60_000),
  open: Float64Array.from({ length: n }, (_, i) => 100 + i),
  high: Float64Array.from({ length: n }, (_, i) => 101 + i),
  low: Float64Array.from({ length: n }, (_, i) => 99 + i),
  close: Float64Array.from({ length: n }, (_, i) => 100.5 + i),
  volume: Float64Array.from({ length: n }, (_, i) => i),
});
const times = (d: MarketData, m: string) => d.recentBars(m).map((b) => b.openTime / 60_000);

describe('MarketData with a backtest view over columns', () => {
  it('keeps the numbers of each bar, not the view, which has moved on to the next row', () => {
    const n = 6;
    const columns = {
      symbol: MarketSymbol('A'),
      intervalMs: 60_000,
      time: Float64Array.from({ length: n }, (_, i) => i * 60_000),
      open: Float64Array.from({ length: n }, (_, i) => 100 + i),
      high: Float64Array.from({ length: n }, (_, i) => 101 + i),
      low: Float64Array.from({ length: n }, (_, i) => 99 + i),
      close: Float64Array.from({ length: n }, (_, i) => 100.5 + i),
      volume: Float64Array.from({ length: n }, (_, i) => i),
    };
    const view = new ColumnBarView(columns);
    const d = new MarketData(3);
    for (let row = 0; row < n; row++) {
      view.row = row;
      d.onBar(view);
    }
    expect(d.recentBars('A').map((b) => [b.openTime, b.open, b.high, b.low, b.close, b.volume])).toEqual([
      [180_000, 103, 104, 102, 103.5, 3],
      [240_000, 104, 105, 103, 104.5, 4],
      [300_000, 105, 106, 104, 105.5, 5],
    ]);
    expect(d.recentBars('A')[0]).toMatchObject({ symbol: 'A', intervalMs: 60_000 });
    expect(d.price('A')).toBe(105.5);
  });
});

describe('MarketData following a column view instead of copying it', () => {
  it('shows only the rows it was handed: a run that starts at row 3 never shows rows 0 to 2', () => {
    const view = new ColumnBarView(columnsOf('A'));
    const d = new MarketData(4);
    view.row = 3;
    d.onBar(view);
    const first = d.recentBars('A');
    expect(times(d, 'A')).toEqual([3]);
    view.row = 4;
    d.onBar(view);
    expect(times(d, 'A')).toEqual([3, 4]);
    // A list read earlier is a snapshot: later bars never change it.
    expect(first.map((b) => b.openTime / 60_000)).toEqual([3]);
    expect(d.recentBars('A').map((b) => b.close)).toEqual([103.5, 104.5]);
  });

  it('keeps the window right when the rows jump, and when plain bars follow the view', () => {
    const view = new ColumnBarView(columnsOf('A'));
    const d = new MarketData(3);
    for (const row of [0, 1, 2]) {
      view.row = row;
      d.onBar(view);
    }
    view.row = 4; // a row skipped: from here on the bars are copied
    d.onBar(view);
    expect(times(d, 'A')).toEqual([1, 2, 4]);
    d.onBar(bar('A', 9 * 60_000, 7));
    expect(times(d, 'A')).toEqual([2, 4, 9]);
    expect(d.recentBars('A').map((b) => b.close)).toEqual([102.5, 104.5, 7]);
    expect(d.price('A')).toBe(7);
  });

  it('copies a view that comes after plain bars, keeping them in the window', () => {
    const view = new ColumnBarView(columnsOf('A'));
    const d = new MarketData(3);
    d.onBar(bar('A', 0, 7));
    view.row = 5;
    d.onBar(view);
    expect(d.recentBars('A').map((b) => b.close)).toEqual([7, 105.5]);
  });

  it("copies a second view of the same market instead of reading the first one's columns", () => {
    const a = new ColumnBarView(columnsOf('A'));
    const b = new ColumnBarView({ ...columnsOf('A'), close: Float64Array.from({ length: 6 }, () => 1) });
    const d = new MarketData(3);
    a.row = 0;
    d.onBar(a);
    b.row = 1;
    d.onBar(b);
    expect(d.recentBars('A').map((x) => x.close)).toEqual([100.5, 1]);
  });
});
