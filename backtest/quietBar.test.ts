import { describe, expect, it } from 'vitest';
import { backtestSchema } from '../src/config/sections/backtest.ts';
import type { BarColumns } from '../src/market/readBarColumns.ts';
import { longOpener } from '../test/backtest/longOpener.ts';
import { ohlcFeed } from '../test/backtest/ohlcFeed.ts';
import { wideRisk } from '../test/backtest/wideRisk.ts';
import { runBacktest } from './runBacktest.ts';

const H = 3_600_000;
const I = 4 * H;
/** open, high, low, close of 4-hour bars of a symbol the catalog does not know. */
const ROWS = [
  [100, 100, 100, 100],
  [90, 91, 76, 88],
  [88, 89, 87, 88],
] as const;

const feed = (): BarColumns => ohlcFeed(ROWS, I);

/** Opens 10 long at leverage 10 after the first bar: it fills at bar 1's open, 90. */
const opener = longOpener('4h');

/** The opener over the three bars, with these backtest settings. */
const runOpener = (settings: Record<string, unknown>) =>
  runBacktest({
    feeds: [feed()],
    strategies: [{ id: 's', strategy: opener, markets: ['TEST'], params: {} }],
    settings: backtestSchema.parse(settings),
    risk: wideRisk(),
  });

describe('a bar walked with nothing resting on it', () => {
  it('lets a timer due before the close slot fire before the bar is found quiet: funding at 1 h into the bar brings the liquidation inside it', async () => {
    // 150 cash, 10 long at 90 with leverage 10, maintenance 0.5 % of notional (default spec). At
    // the open the liquidation price is 750 / 9.95 = 75.4, below bar 1's low (76): nothing to
    // visit. The first hourly funding (1 % of 10 × 90 = 9, at T + 1 h = slot 1) moves it to
    // 759 / 9.95 = 76.28, inside the bar: the walk must visit it there, not skip to the close.
    const r = await runOpener({
      cash: 150,
      fees: { open: 0, close: 0 },
      fundingRate: 0.01,
      markets: { TEST: { fundingEpochHours: 1 } },
    });
    const [t] = r.trades;
    expect(r.trades).toHaveLength(1);
    expect(t?.entryPrice).toBe(90);
    expect(t?.exitTime).toBe(1 * I);
    expect(t?.exitPrice).toBeCloseTo(759 / 9.95, 6);
    expect(t?.funding).toBeCloseTo(9, 9);
  });

  it("closes at the last bar's open with closeAtEnd lastOpen when that bar is otherwise quiet", async () => {
    // Bought at bar 1's open (90); bar 2 has nothing due (24-hour funding), nothing in flight and
    // no liquidation inside it: only lastOpen makes it not quiet, and the close at its open, 88.
    const r = await runOpener({
      cash: 10_000,
      fees: { open: 0, close: 0 },
      closeAtEnd: 'lastOpen',
      markets: { TEST: { fundingEpochHours: 24 } },
    });
    expect(r.trades.map((t) => [t.entryPrice, t.exitPrice, t.exitTime])).toEqual([[90, 88, 2 * I]]);
  });
});
