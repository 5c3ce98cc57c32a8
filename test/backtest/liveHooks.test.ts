import { filter, map } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runBacktest } from '../../backtest/runBacktest.ts';
import { backtestSchema } from '../../src/config/sections/backtest.ts';
import { MarketSymbol } from '../../src/domain/ids.ts';
import type { BarColumns } from '../../src/market/readBarColumns.ts';
import { defineStrategy } from '../../src/strategy/index.ts';
import dca from '../../strategies/dca/index.ts';
import scripted from '../fixtures/backtest/scripted.ts';
import { wideRisk } from './wideRisk.ts';

const H = 3_600_000;
const DAY = 24 * H;
/** 2024-01-01T01:00Z: 1,000 hourly bars from here pass 41 midnights (Jan 2 … Feb 11). */
const START = Date.UTC(2024, 0, 1, 1);
const BARS = 1_000;
const MIDNIGHTS = Array.from({ length: 41 }, (_, k) => Date.UTC(2024, 0, 2) + k * DAY);

/** A slow sine around 100 on ETHUSDT's price grid (2 decimals), so a fill's price is the open itself. */
const onGrid = (x: number) => Math.round(x * 100) / 100;

function feed(symbol: string): BarColumns {
  const open = Float64Array.from({ length: BARS }, (_, i) => onGrid(100 + Math.sin(i / 50)));
  const close = Float64Array.from({ length: BARS }, (_, i) => onGrid(100 + Math.sin((i + 1) / 50)));
  return {
    symbol: MarketSymbol(symbol),
    intervalMs: H,
    length: BARS,
    time: Float64Array.from({ length: BARS }, (_, i) => START + i * H),
    open,
    high: open.map((o, i) => Math.max(o, close[i] as number) + 0.1),
    low: open.map((o, i) => Math.min(o, close[i] as number) - 0.1),
    close,
    volume: new Float64Array(BARS),
    gaps: [],
  };
}

const RISK = wideRisk(1_000);
const SETTINGS = backtestSchema.parse({ cash: 1_000_000, fees: { open: 0, close: 0 } });

/** Buys one unit on the bar that closes at midnight, from its RxJS form only. */
const rxBuyer = defineStrategy({
  name: 'rx-buyer',
  params: z.strictObject({}),
  interval: '1h',
  warmup: 0,
  rx: (ctx) =>
    ctx.bars$.pipe(
      filter((bar) => (bar.openTime + H) % DAY === 0),
      map((bar) => ({
        kind: 'open' as const,
        market: bar.symbol,
        side: 'LONG' as const,
        quantity: 1,
        leverage: 1,
        allowStacking: true,
        signal: `rx:${bar.openTime}`,
      })),
    ),
});

describe('a backtest drives every hook a live run drives', () => {
  it('runs a cron schedule on virtual time: dca at 00:00 buys once at each of the 41 midnights the bars pass, at that bar', async () => {
    const r = await runBacktest({
      feeds: [feed('ETHUSDT')],
      strategies: [
        { id: 'dca', strategy: dca, markets: ['ETHUSDT'], params: { cron: '0 0 * * *', notional: 1000 } },
      ],
      settings: SETTINGS,
      risk: RISK,
    });
    const midnights = MIDNIGHTS;
    expect(r.denials).toEqual([]);
    expect(r.intents.map((i) => i.decidedAt)).toEqual(midnights);
    // Each buy fills at the open of the bar that starts at its midnight.
    const opens = r.fills.filter((f) => f.effect === 'open');
    expect(opens.map((f) => f.ts)).toEqual(midnights);
    expect(opens.map((f) => f.price.toNumber())).toEqual(
      midnights.map((t) => feed('ETHUSDT').open[(t - START) / H]),
    );
    expect(r.warnings).toEqual([]);
  });

  it("runs a strategy's RxJS form on the closed bars: a buy decided on each 23:00 bar fills at midnight's open", async () => {
    const r = await runBacktest({
      feeds: [feed('ETHUSDT')],
      strategies: [{ id: 'rx', strategy: rxBuyer, markets: ['ETHUSDT'], params: {} }],
      settings: SETTINGS,
      risk: RISK,
    });
    const opens = r.fills.filter((f) => f.effect === 'open');
    expect(opens.map((f) => f.ts)).toEqual(MIDNIGHTS);
    expect(r.warnings).toEqual([]);
  });

  it('names a strategy that never emitted an intent, and one whose hooks never ran, instead of passing in silence', async () => {
    const r = await runBacktest({
      feeds: [feed('ETHUSDT')],
      strategies: [
        // Sees every bar, decides nothing.
        { id: 'calm', strategy: scripted, markets: ['ETHUSDT'], params: { steps: [] } },
        { id: 'elsewhere', strategy: rxBuyer, markets: ['BTCUSDT'], params: {} },
      ],
      settings: SETTINGS,
      risk: RISK,
    });
    expect(r.warnings.map((w) => [w.strategyId, w.code])).toEqual([
      ['calm', 'NO_INTENT'],
      ['elsewhere', 'NO_HOOK_RAN'],
    ]);
    expect(r.warnings[1]?.message).toBe(
      'strategy elsewhere: none of its hooks ran (no bar of BTCUSDT reached it), so it never decided anything',
    );
  });
});
