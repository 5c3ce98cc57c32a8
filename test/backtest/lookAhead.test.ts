import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBacktest } from '../../backtest/runBacktest.ts';
import { backtestSchema } from '../../src/config/sections/backtest.ts';
import { readBarColumns } from '../../src/market/readBarColumns.ts';
import peeking, { glimpses } from '../fixtures/backtest/peeking.ts';

const DATA = join(import.meta.dirname, '../../data/samples');

describe('look-ahead', () => {
  it('a strategy that reads every bar and price it can reach sees each bar only once it has closed, never a later one, and of a forming bar only its open, at its open', async () => {
    glimpses.length = 0;
    const feed = readBarColumns(join(DATA, 'XRPUSDT-PERP-1h.csv'), { symbol: 'XRPUSDT' });
    const r = await runBacktest({
      feeds: [feed],
      strategies: [{ id: 'peeking', strategy: peeking, markets: ['XRPUSDT'], params: {} }],
      settings: backtestSchema.parse({ cash: 1000, fees: { open: 0, close: 0 } }),
    });
    // Its onTick hears each bar's open at the open and its close at the close: marks a live bot
    // would have polled by then, nothing from later in the bar.
    expect(glimpses.filter((g) => g.hook === 'onTick').map((g) => [g.now, g.price])).toEqual(
      Array.from(feed.time).flatMap((t, i) => [
        [t, feed.open[i]],
        [t + feed.intervalMs, feed.close[i]],
      ]),
    );
    const bars = glimpses.filter((g) => g.hook === 'onBar');
    expect(bars).toHaveLength(feed.length);
    bars.forEach((g, i) => {
      expect(g.barOpenTime).toBe(feed.time[i]);
      // Handed over at its close, not before.
      expect(g.now).toBe(g.barCloseTime);
      // The latest price it can read is that bar's close, not the next bar's open.
      expect(g.price).toBe(feed.close[i]);
      // Every bar it can read has closed, and the newest is the one it was handed.
      for (const v of g.visible) expect(v.closeTime).toBeLessThanOrEqual(g.now);
      expect(g.visible.at(-1)?.openTime).toBe(g.barOpenTime);
    });
    // Its rule needs a future price to fire: it never trades.
    expect(r.trades).toEqual([]);
    expect(r.finalEquity).toBe(1000);
  });
});
