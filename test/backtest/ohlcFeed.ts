import { MarketSymbol } from '../../src/domain/ids.ts';
import type { BarColumns } from '../../src/market/readBarColumns.ts';

/** Bars of the symbol TEST (one the catalog does not know) from open, high, low, close rows, `intervalMs` apart from 0. */
export function ohlcFeed(rows: readonly (readonly number[])[], intervalMs: number): BarColumns {
  const col = (k: number) => Float64Array.from(rows, (r) => r[k] ?? Number.NaN);
  return {
    symbol: MarketSymbol('TEST'),
    intervalMs,
    length: rows.length,
    time: Float64Array.from(rows, (_, i) => i * intervalMs),
    open: col(0),
    high: col(1),
    low: col(2),
    close: col(3),
    volume: new Float64Array(rows.length),
    gaps: [],
  };
}
