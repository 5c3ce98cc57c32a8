import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EquityColumns } from '../../backtest/metrics/EquityPoint.ts';
import type { TradeRecord } from '../../backtest/metrics/TradeRecord.ts';
import { PositionSide } from '../../src/domain/side.ts';
import { parseBarTime } from '../../src/market/parseBarTime.ts';
import { type BarColumns, readBarColumns } from '../../src/market/readBarColumns.ts';

export const SAMPLES = join(import.meta.dirname, '../../data/samples');
export const REFERENCE = join(SAMPLES, 'reference');

/** A reference file of `data/samples/reference/` (its README describes the fields). */
export interface Reference {
  readonly data: string;
  readonly settings: { readonly cash: number; readonly commission?: number };
  readonly n_trades: number;
  readonly final_equity: number;
  readonly stats: Readonly<Record<string, number | string | null>>;
  readonly trades: readonly {
    readonly size: number;
    readonly entry_time: string;
    readonly exit_time: string;
    readonly entry_price: number;
    readonly exit_price: number;
    readonly pnl: number;
    /** Absent in the runs without commission. */
    readonly commission?: number;
  }[];
}

export function readReference(file: string): Reference {
  return JSON.parse(readFileSync(join(REFERENCE, file), 'utf8')) as Reference;
}

/** backtesting.py's trades as perpflow's trade records: pnl net of commission, the commission as fees. */
export function referenceTrades(ref: Reference): TradeRecord[] {
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
    fees: t.commission ?? 0,
    funding: 0,
  }));
}

export function referenceBars(ref: Reference): BarColumns {
  return readBarColumns(join(SAMPLES, ref.data), { symbol: 'REF' });
}

/**
 * The equity curve backtesting.py 9c2b8e1 computes for a reference run, rebuilt in its broker's
 * float operations from the bars and the trades: cash changes by the commission at an entry and
 * by (size × (exit − entry)) − commission at an exit; each bar's equity is cash + the open
 * trade's size × (close − entry). Only the very same operations give its bits, and the figures of
 * a nearly flat curve (a volatility of 10 units on 10 M) depend on them.
 */
export function referenceEquity(ref: Reference, bars: BarColumns): EquityColumns {
  const index = new Map<number, number>();
  bars.time.forEach((t, i) => {
    index.set(t, i);
  });
  const rate = ref.settings.commission ?? 0;
  const commission = (size: number, price: number) => 0 + Math.abs(size) * price * rate;
  const entries = new Map<number, Reference['trades'][number]>();
  const exits = new Map<number, Reference['trades'][number]>();
  for (const t of ref.trades) {
    entries.set(index.get(parseBarTime(t.entry_time)) as number, t);
    exits.set(index.get(parseBarTime(t.exit_time)) as number, t);
  }
  let cash = ref.settings.cash;
  let open: Reference['trades'][number] | undefined;
  const equity = new Float64Array(bars.length);
  for (let i = 0; i < bars.length; i++) {
    const out = exits.get(i);
    if (out !== undefined) {
      cash += out.size * (out.exit_price - out.entry_price) - 0 - commission(out.size, out.exit_price);
      open = undefined;
    }
    const inn = entries.get(i);
    // The last bar's trade is closed at its open: no trade stays open at the last point.
    if (inn !== undefined && !(inn.exit_time === inn.entry_time && i === bars.length - 1)) {
      cash -= commission(inn.size, inn.entry_price);
      open = inn;
    }
    const held = open === undefined ? 0 : open.size * ((bars.close[i] as number) - open.entry_price) - 0;
    equity[i] = cash + held;
  }
  return { time: bars.time, equity };
}
