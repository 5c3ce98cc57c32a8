import { describe, expect, it } from 'vitest';
import type { Bar } from '../domain/bar.ts';
import { MarketSymbol } from '../domain/ids.ts';
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
