import { ignoreElements, tap } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { backtestSchema } from '../src/config/sections/backtest.ts';
import { defineStrategy } from '../src/strategy/index.ts';
import { longOpener } from '../test/backtest/longOpener.ts';
import { ohlcFeed } from '../test/backtest/ohlcFeed.ts';
import { wideRisk } from '../test/backtest/wideRisk.ts';
import { runBacktest } from './runBacktest.ts';

const MIN = 60_000;

/** Opens 10 long at leverage 10 after the first bar: it fills at bar 1's open, 100. */
const opener = longOpener('1m');

/**
 * The opener on 1-minute bars with 150 cash and no costs: 10 long at 100 is liquidated where
 * 150 + 10 (p − 100) = 0.005 × 10 p, p = 850 / 9.95 = 85.43. Funding every 8 h, so no timer falls
 * due in the run and the bars after the fill are walked as one quiet run.
 */
const runRows = (rows: readonly (readonly number[])[]) =>
  runBacktest({
    feeds: [ohlcFeed(rows, MIN)],
    strategies: [{ id: 's', strategy: opener, markets: ['TEST'], params: {} }],
    settings: backtestSchema.parse({
      cash: 150,
      fees: { open: 0, close: 0 },
      fundingRate: 0,
      markets: { TEST: { fundingEpochHours: 8 } },
    }),
    risk: wideRisk(),
  });

const CALM = [100, 101, 99, 100] as const;

describe('a quiet run of bars with a position held', () => {
  it('stops at a bar that gaps below the liquidation level: the position is liquidated at that open, 80', async () => {
    // Bar 4 lies wholly below 85.43 (its range does not hold the level): only its open mark shows it.
    const r = await runRows([CALM, CALM, CALM, CALM, [80, 82, 79, 81], [81, 82, 80, 81]]);
    expect(r.trades.map((t) => [t.exitTime, t.exitPrice])).toEqual([[4 * MIN, 80]]);
  });

  it('stops at a bar whose range holds the level: liquidated inside it, at 850 / 9.95', async () => {
    const r = await runRows([CALM, CALM, CALM, CALM, [95, 96, 84, 90], [90, 91, 89, 90]]);
    expect(r.trades.map((t) => t.exitTime)).toEqual([4 * MIN]);
    expect(r.trades[0]?.exitPrice).toBeCloseTo(850 / 9.95, 9);
  });

  // Bars whose open or close lies outside their own range, which a CSV load refuses but a caller's
  // columns may hold: the bar-by-bar walk sets each as a mark, so the run must test each.
  it('stops at a bar whose open alone is below the level (columns given directly, unchecked): liquidated at that open, 84', async () => {
    const r = await runRows([CALM, CALM, CALM, CALM, [84, 101, 90, 95], [95, 96, 94, 95]]);
    expect(r.trades.map((t) => [t.exitTime, t.exitPrice])).toEqual([[4 * MIN, 84]]);
  });

  it('stops at a bar whose close alone is below the level (columns given directly, unchecked): liquidated at that close, 84', async () => {
    const r = await runRows([CALM, CALM, CALM, CALM, [100, 101, 90, 84], [84, 85, 83, 84]]);
    expect(r.trades.map((t) => [t.exitTime, t.exitPrice])).toEqual([[4 * MIN, 84]]);
  });

  it('keeps the equity curve point by point: 150 + 10 × (close − 100) while the position is held', async () => {
    const r = await runRows([CALM, CALM, [100, 103, 99, 102], [102, 104, 101, 97], CALM]);
    expect(Array.from(r.equity.equity)).toEqual([150, 150, 170, 120, 150]);
  });
});

/** Four calm bars; no position, so every one of them is quiet. */
const WALK = [
  [100, 101, 99, 100],
  [102, 103, 101, 103],
  [104, 105, 103, 104],
  [106, 107, 105, 105],
] as const;

/** The prices a strategy hears over WALK, from its onTick hook or its ticks$ stream. */
async function heardBy(make: (heard: number[]) => Parameters<typeof defineStrategy>[0]): Promise<number[]> {
  const heard: number[] = [];
  await runBacktest({
    feeds: [ohlcFeed(WALK, MIN)],
    strategies: [{ id: 'h', strategy: defineStrategy(make(heard)), markets: ['TEST'], params: {} }],
    settings: backtestSchema.parse({ cash: 1000, markets: { TEST: { fundingEpochHours: 8 } } }),
    risk: wideRisk(),
  });
  return heard;
}

const LISTENER = { params: z.strictObject({}), interval: '1m', warmup: 0 } as const;

describe('prices in a run of quiet bars', () => {
  it('reach an onTick hook as bar by bar: each open, then each close', async () => {
    const heard = await heardBy((h) => ({
      ...LISTENER,
      name: 'ticks',
      onTick: (_ctx, t) => {
        h.push(t.mark);
        return undefined;
      },
    }));
    expect(heard).toEqual([100, 100, 102, 103, 104, 104, 106, 105]);
  });

  it("reach an RxJS strategy's ticks$ as bar by bar: each open, then each close", async () => {
    const heard = await heardBy((h) => ({
      ...LISTENER,
      name: 'rx-ticks',
      rx: (ctx) =>
        ctx.ticks$.pipe(
          tap((t) => h.push(t.mark)),
          ignoreElements(),
        ),
    }));
    expect(heard).toEqual([100, 100, 102, 103, 104, 104, 106, 105]);
  });
});
