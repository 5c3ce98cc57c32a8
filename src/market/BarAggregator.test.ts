import { describe, expect, it } from 'vitest';
import { MarketSymbol } from '../domain/ids.ts';
import { BarAggregator } from './BarAggregator.ts';

const S = MarketSymbol('BTCUSDT');
const M = 60_000;
const tick = (ts: number, mark: number) => ({ symbol: S, ts, mark });
const ohlc = (b: { openTime: number; open: number; high: number; low: number; close: number } | undefined) =>
  b === undefined ? undefined : `${b.openTime / M}:${b.open}/${b.high}/${b.low}/${b.close}`;

describe('BarAggregator', () => {
  it('builds OHLC from the ticks of one interval and closes it on the first tick of the next', () => {
    const a = new BarAggregator(S, M);
    expect(a.push(tick(1_000, 10))).toBeUndefined();
    a.push(tick(20_000, 12));
    a.push(tick(40_000, 9));
    a.push(tick(59_999, 11));
    expect(ohlc(a.push(tick(61_000, 13)))).toBe('0:10/12/9/11');
  });

  it('opens the next bar with a tick stamped exactly at the boundary', () => {
    const a = new BarAggregator(S, M);
    a.push(tick(0, 10));
    const closed = a.push(tick(M, 20));
    expect(ohlc(closed)).toBe('0:10/10/10/10');
    expect(ohlc(a.closeDue(2 * M))).toBe('1:20/20/20/20');
  });

  it('makes no bar for an interval without ticks', () => {
    const a = new BarAggregator(S, M);
    a.push(tick(0, 10));
    const closed = a.push(tick(3 * M + 5, 11));
    expect(ohlc(closed)).toBe('0:10/10/10/10');
    expect(ohlc(a.closeDue(4 * M))).toBe('3:11/11/11/11');
  });

  it('drops and counts a tick older than the open bar or inside a closed one', () => {
    const a = new BarAggregator(S, M);
    a.push(tick(M + 1, 10));
    expect(a.push(tick(M - 1, 99))).toBeUndefined();
    expect(ohlc(a.closeDue(2 * M))).toBe('1:10/10/10/10');
    a.push(tick(2 * M - 1, 50));
    expect(a.lateTicks).toBe(2);
    expect(a.formingEnd).toBeUndefined();
  });

  it('closes the forming bar only once its end is reached', () => {
    const a = new BarAggregator(S, M);
    a.push(tick(10, 10));
    expect(a.closeDue(M - 1)).toBeUndefined();
    expect(ohlc(a.closeDue(M))).toBe('0:10/10/10/10');
  });
});
