import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TradeRecord } from '../../backtest/metrics/TradeRecord.ts';
import { tradeMetrics, tradeReturn } from '../../backtest/metrics/tradeMetrics.ts';
import { PositionSide } from '../../src/domain/side.ts';
import { parseBarTime } from '../../src/market/parseBarTime.ts';

const REFERENCE = join(import.meta.dirname, '../../data/samples/reference');

interface Reference {
  readonly settings: { readonly cash: number };
  readonly n_trades: number;
  readonly final_equity: number;
  readonly trades: readonly {
    readonly size: number;
    readonly entry_time: string;
    readonly exit_time: string;
    readonly entry_price: number;
    readonly exit_price: number;
    readonly pnl: number;
  }[];
}

const files = existsSync(REFERENCE) ? readdirSync(REFERENCE).filter((f) => f.endsWith('.json')) : [];

/** backtesting.py's trades as perpflow's trade records (zero costs: pnl is the whole result). */
function records(ref: Reference): TradeRecord[] {
  return ref.trades.map((t) => ({
    strategy: 'sma-cross',
    market: 'REF',
    side: t.size < 0 ? PositionSide.SHORT : PositionSide.LONG,
    quantity: Math.abs(t.size),
    entryTime: parseBarTime(t.entry_time),
    exitTime: parseBarTime(t.exit_time),
    entryPrice: t.entry_price,
    exitPrice: t.exit_price,
    pnl: t.pnl,
    fees: 0,
    funding: 0,
  }));
}

describe.skipIf(files.length === 0)("backtesting.py's reference trades through perpflow's metrics", () => {
  it.each(files)('%s: the trade count and the final equity the file states', (file) => {
    const ref = JSON.parse(readFileSync(join(REFERENCE, file), 'utf8')) as Reference;
    const m = tradeMetrics(records(ref), []);
    expect(m.trades).toBe(ref.n_trades);
    // The file rounds its final equity to 4 decimals.
    expect(ref.settings.cash + m.netPnl).toBeCloseTo(ref.final_equity, 3);
  });

  it.each(files)(
    "%s: each trade's return is backtesting.py's pl_pct, sign(size) × (exit / entry − 1)",
    (file) => {
      const ref = JSON.parse(readFileSync(join(REFERENCE, file), 'utf8')) as Reference;
      const ours = records(ref).map(tradeReturn);
      ref.trades.forEach((t, i) => {
        expect(ours[i]).toBeCloseTo(Math.sign(t.size) * (t.exit_price / t.entry_price - 1), 12);
      });
    },
  );
});
