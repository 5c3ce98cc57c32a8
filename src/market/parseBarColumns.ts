import type { Bar } from '../domain/bar.ts';
import { MarketSymbol } from '../domain/ids.ts';
import { itemAt } from '../domain/itemAt.ts';
import { ConfigError } from '../errors/ConfigError.ts';
import { parseBarColumnsFast } from './parseBarColumnsFast.ts';
import type { BarGap } from './parseBarGaps.ts';
import { parseBarsCsvTable, type ReadBarsOptions } from './parseBarsCsvText.ts';

/** One market's bars as columns: no object per bar, so 10M bars cost 48 bytes each. */
export interface BarColumns {
  readonly symbol: MarketSymbol;
  readonly intervalMs: number;
  readonly length: number;
  readonly time: Float64Array;
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
  /** 0 where the file has no volume column. */
  readonly volume: Float64Array;
  /** Holes within the tolerance (longer ones are refused): for a report, not errors. */
  readonly gaps: readonly BarGap[];
}

/** Columns of bars parsed by the general path; refuses a file that holds several markets. */
function columnsOf(bars: readonly Bar[], gaps: readonly BarGap[], file: string): BarColumns {
  const markets = [...new Set(bars.map((b) => b.symbol))];
  if (markets.length > 1)
    throw new ConfigError([
      {
        location: { file },
        path: '',
        message: `the file holds several markets (${markets.join(', ')}); name the one to read (FILE.csv:SYMBOL)`,
      },
    ]);
  const n = bars.length;
  const c = {
    time: new Float64Array(n),
    open: new Float64Array(n),
    high: new Float64Array(n),
    low: new Float64Array(n),
    close: new Float64Array(n),
    volume: new Float64Array(n),
  };
  bars.forEach((b, i) => {
    c.time[i] = b.openTime;
    c.open[i] = b.open;
    c.high[i] = b.high;
    c.low[i] = b.low;
    c.close[i] = b.close;
    c.volume[i] = b.volume;
  });
  const first = itemAt(bars, 0);
  return { symbol: MarketSymbol(first.symbol), intervalMs: first.intervalMs, length: n, ...c, gaps };
}

/**
 * One market's bars from CSV text as Float64Array columns, with exactly the rules and errors of
 * parseBarsCsvText. A single-market, unquoted file takes a fast path that makes no object per
 * row; anything it does not accept (a bad row, quotes, a symbol column) is parsed again by the
 * general path, which either reads it or throws the located errors.
 */
export function parseBarColumns(text: string, file: string, options: ReadBarsOptions = {}): BarColumns {
  const fast = parseBarColumnsFast(text, file, options);
  if (fast !== undefined) return fast;
  const { bars, gaps } = parseBarsCsvTable(text, file, options);
  return columnsOf(bars, gaps, file);
}
