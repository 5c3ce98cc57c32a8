import { filter, map, tap } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runBacktest } from '../../backtest/runBacktest.ts';
import { backtestSchema } from '../../src/config/sections/backtest.ts';
import { MarketSymbol } from '../../src/domain/ids.ts';
import type { BarColumns } from '../../src/market/readBarColumns.ts';
import { type Bar, defineStrategy, type StrategyIntent } from '../../src/strategy/index.ts';
import { wideRisk } from '../backtest/wideRisk.ts';

const H = 3_600_000;
const START = Date.UTC(2024, 0, 1);
const BARS = 40;

/** Every field of row i tells i: open 100 + i, close 100.5 + i, time START + i hours. */
const feed: BarColumns = {
  symbol: MarketSymbol('ETHUSDT'),
  intervalMs: H,
  length: BARS,
  time: Float64Array.from({ length: BARS }, (_, i) => START + i * H),
  open: Float64Array.from({ length: BARS }, (_, i) => 100 + i),
  high: Float64Array.from({ length: BARS }, (_, i) => 101 + i),
  low: Float64Array.from({ length: BARS }, (_, i) => 99 + i),
  close: Float64Array.from({ length: BARS }, (_, i) => 100.5 + i),
  volume: new Float64Array(BARS),
  gaps: [],
};
const RISK = wideRisk();
const SETTINGS = backtestSchema.parse({ cash: 1_000_000, fees: { open: 0, close: 0 } });
const rowOf = (b: Bar) => (b.openTime - START) / H;

describe('a backtest hands strategies a view over its columns', () => {
  it('onBar sees each closed row once, and ctx.bars() is the rows so far, ending with this one', async () => {
    const seen: number[] = [];
    const windows: number[][] = [];
    const reader = defineStrategy({
      name: 'reader',
      params: z.strictObject({}),
      interval: '1h',
      warmup: 5,
      onBar: (ctx, bar) => {
        seen.push(rowOf(bar), bar.close - 100.5);
        windows.push(ctx.bars(bar.symbol).map(rowOf));
        return undefined;
      },
    });
    await runBacktest({
      feeds: [feed],
      strategies: [{ id: 'reader', strategy: reader, markets: ['ETHUSDT'], params: {} }],
      settings: SETTINGS,
      risk: RISK,
    });
    expect(seen).toEqual(Array.from({ length: BARS }, (_, i) => [i, i]).flat());
    // The window holds at least warmup + 2 bars (the stage keeps that many), oldest first.
    const keep = windows.at(-1)?.length ?? 0;
    expect(keep).toBeGreaterThanOrEqual(7);
    windows.forEach((w, i) => {
      expect(w).toEqual(
        Array.from({ length: Math.min(i + 1, keep) }, (_, k) => i + 1 - Math.min(i + 1, keep) + k),
      );
    });
  });

  it('gives the RxJS form bars it may keep: copies, not the view that moves on', async () => {
    const kept: Bar[] = [];
    const keeper = defineStrategy({
      name: 'keeper',
      params: z.strictObject({}),
      interval: '1h',
      warmup: 0,
      rx: (ctx) =>
        ctx.bars$.pipe(
          tap((b) => kept.push(b)),
          filter(() => false),
          map((): StrategyIntent => ({ kind: 'cancel', market: 'ETHUSDT', request: 'never' })),
        ),
    });
    await runBacktest({
      feeds: [feed],
      strategies: [{ id: 'keeper', strategy: keeper, markets: ['ETHUSDT'], params: {} }],
      settings: SETTINGS,
      risk: RISK,
    });
    expect(kept.map(rowOf)).toEqual(Array.from({ length: BARS }, (_, i) => i));
    expect(kept.map((b) => b.close)).toEqual(Array.from(feed.close));
  });
});
