import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backtestFromFiles } from '../../backtest/backtestFromFiles.ts';
import { runBacktest } from '../../backtest/runBacktest.ts';
import { type BacktestConfig, backtestSchema } from '../../src/config/sections/backtest.ts';
import type { BarColumns } from '../../src/market/readBarColumns.ts';
import { readBars } from '../../src/market/readBars.ts';
import { readFundingRates } from '../../src/market/readFundingRates.ts';
import scripted from '../fixtures/backtest/scripted.ts';
import { ohlcFeed } from './ohlcFeed.ts';
import { wideRisk } from './wideRisk.ts';

const H = 3_600_000;
const DATA = join(import.meta.dirname, '../../data/samples');
/** open, high, low, close of six hourly bars of a symbol the catalog does not know. */
const ROWS = [
  [100, 100, 100, 100],
  [100, 105, 99, 104],
  [104, 112, 103, 111],
  [110, 111, 108, 109],
  [109, 110, 80, 95],
  [95, 96, 94, 95],
] as const;

const feed = (): BarColumns => ohlcFeed(ROWS, H);

const RISK = wideRisk();

const open = (o: Record<string, unknown>) => ({
  kind: 'open',
  market: 'TEST',
  signal: 'open',
  leverage: 1,
  ...o,
});
const close = { kind: 'close', market: 'TEST', position: { intentId: 'open' } };

async function run(steps: unknown[], settings: Partial<BacktestConfig>) {
  return runBacktest({
    feeds: [feed()],
    strategies: [{ id: 's', strategy: scripted, markets: ['TEST'], params: { steps } }],
    settings: backtestSchema.parse(settings),
    risk: RISK,
  });
}

describe('backtest fills, fees, funding and liquidation, computed by hand', () => {
  it("sends a bar's intents as live does: the opens of two strategies on one bar go out in one batch call and fill at the next open", async () => {
    const calls: string[] = [];
    const opener = (id: string, quantity: number) => ({
      id,
      strategy: scripted,
      markets: ['TEST'],
      params: { steps: [{ afterBar: 0, intents: [open({ side: 'LONG', quantity })] }] },
    });
    const r = await runBacktest({
      feeds: [feed()],
      strategies: [opener('s1', 1), opener('s2', 2)],
      settings: backtestSchema.parse({ cash: 1000, fees: { open: 0, close: 0 } }),
      risk: RISK,
      onExecutionEvent: (e) => {
        if (e.type === 'venueCall' && e.kind === 'open') calls.push(`${e.call} ${e.requests}`);
      },
    });
    expect(r.denials).toEqual([]);
    expect(calls).toEqual(['batch 2']);
    const opens = r.fills.filter((f) => f.effect === 'open');
    // At bar 1's open, booked as the engine fills them: the in-process adapter reports, nothing polls.
    expect(opens.map((f) => [f.strategyId, f.quantity.toNumber(), f.price.toNumber(), f.ts])).toEqual([
      ['s1', 1, 100, 1 * H],
      ['s2', 2, 100, 1 * H],
    ]);
  });

  it('fills a MARKET decided on bar t at the open of bar t+1, moved against the trader by half the spread plus the slippage, and charges both fees', async () => {
    const r = await run(
      [
        { afterBar: 0, intents: [open({ side: 'LONG', quantity: 1, slippage: 0.05 })] },
        { afterBar: 2, intents: [close] },
      ],
      { cash: 1000, spread: 0.002, slippage: 0.001, fees: { open: 0.001, close: 0.002 } },
    );
    const [t] = r.trades;
    // Buy at bar 1's open 100 × (1 + 0.001 + 0.001); sell at bar 3's open 110 × (1 − 0.002).
    expect(t).toMatchObject({
      side: 'LONG',
      quantity: 1,
      entryTime: 1 * H,
      exitTime: 3 * H,
      entryPrice: 100.2,
      exitPrice: 109.78,
    });
    // Fees: 100.2 × 0.001 + 109.78 × 0.002 = 0.1002 + 0.21956.
    expect(t?.fees).toBeCloseTo(0.31976, 10);
    expect(t?.pnl).toBeCloseTo(109.78 - 100.2 - 0.31976, 10);
    expect(r.finalEquity).toBeCloseTo(1000 + 9.26024, 10);
    // Bar 1 closes at 104 with the position open: 1000 − 0.1002 + (104 − 100.2).
    expect(r.equity.equity[1]).toBeCloseTo(1003.6998, 10);
    expect(r.trades).toHaveLength(1);
  });

  it('charges nothing and fills at the open itself when spread, slippage and fees are zero', async () => {
    const r = await run(
      [
        { afterBar: 0, intents: [open({ side: 'SHORT', quantity: 2 })] },
        { afterBar: 1, intents: [close] },
      ],
      { cash: 1000, fees: { open: 0, close: 0 } },
    );
    expect(r.trades[0]).toMatchObject({ side: 'SHORT', entryPrice: 100, exitPrice: 104, fees: 0, pnl: -8 });
    expect(r.finalEquity).toBe(992);
  });

  it('fills a LIMIT buy at its price on the later bar whose low trades through it', async () => {
    const r = await run(
      [
        { afterBar: 1, intents: [open({ side: 'LONG', quantity: 1, type: 'LIMIT', price: 103.5 })] },
        { afterBar: 3, intents: [close] },
      ],
      { cash: 1000, fees: { open: 0, close: 0 } },
    );
    // Decided at bar 1's close (104); bar 2 opens at 104 above the limit and trades down to 103.
    expect(r.trades[0]).toMatchObject({
      entryTime: 2 * H,
      entryPrice: 103.5,
      exitTime: 4 * H,
      exitPrice: 109,
      pnl: 5.5,
    });
  });

  it('liquidates a cross account at the price where equity meets maintenance margin, inside the bar that crosses it', async () => {
    // 150 cash, 10 long at 100 with leverage 10; maintenance 1/(2 × 100) of notional (default spec).
    // 150 + 10 (p − 100) = 0.005 × 10 p  ⇒  p = 850 / 9.95 = 85.427…, inside bar 4 (low 80).
    const r = await run([{ afterBar: 0, intents: [open({ side: 'LONG', quantity: 10, leverage: 10 })] }], {
      cash: 150,
      fees: { open: 0, close: 0 },
    });
    const p = 850 / 9.95;
    const [t] = r.trades;
    expect(t?.exitTime).toBe(4 * H);
    expect(t?.exitPrice).toBeCloseTo(p, 6);
    // The venue's liquidation pays the platform fee (0.03 %) and leaves the maintenance margin.
    expect(t?.fees).toBeCloseTo(10 * p * 0.0003, 6);
    expect(r.finalEquity).toBeCloseTo(150 + 10 * (p - 100) - 10 * p * 0.0003, 6);
  });

  it('charges funding from the XRPUSDT 8-hour series at each funding time the long is held, at the mark of that time', async () => {
    const { result } = await backtestFromFiles({
      configFile: join(import.meta.dirname, '../fixtures/backtest/xrp-funding.yaml'),
      data: [{ symbol: 'XRPUSDT', file: join(DATA, 'XRPUSDT-PERP-1h.csv') }],
      funding: [{ symbol: 'XRPUSDT', file: join(DATA, 'XRPUSDT-PERP-funding-8h.csv') }],
    });
    const bars = readBars(join(DATA, 'XRPUSDT-PERP-1h.csv'), { symbol: 'XRPUSDT' });
    const rates = readFundingRates(join(DATA, 'XRPUSDT-PERP-funding-8h.csv'));
    const [t] = result.trades;
    expect(t).toBeDefined();
    // Held from bar 1's open to the last close; funding at every 8-hour boundary in between, at the
    // close of the bar ending there (the mark then), e.g. 2021-11-18T00:00Z: 100 × 1.09522 × 0.0001.
    const closeAt = new Map(bars.map((b) => [b.openTime + b.intervalMs, b.close]));
    let expected = 0;
    let epochs = 0;
    for (const f of rates) {
      const epoch = Math.round(f.time / (8 * H)) * 8 * H;
      const mark = closeAt.get(epoch);
      if (epoch <= (bars[1]?.openTime as number) || mark === undefined) continue;
      if (epoch > (bars.at(-1)?.openTime as number)) continue;
      expected += 100 * mark * f.rate;
      epochs++;
    }
    expect(epochs).toBe(10);
    expect(expected).toBeGreaterThan(0.1);
    expect(t?.funding).toBeCloseTo(expected, 9);
    expect(t?.pnl).toBeCloseTo(((t?.exitPrice as number) - (t?.entryPrice as number)) * 100 - expected, 9);
    expect(result.finalEquity).toBeCloseTo(1000 + (t?.pnl as number), 9);
  });
});
