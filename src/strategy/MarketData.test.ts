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
