import type { Bar } from '../domain/bar.ts';
import { parseBarsCsvText, type ReadBarsOptions } from './parseBarsCsvText.ts';
import { readTextFile } from './readTextFile.ts';

export type { ReadBarsOptions } from './parseBarsCsvText.ts';

/**
 * Reads OHLCV bars from a CSV file, in any of the formats market data comes in:
 * - `timestamp,open,high,low,close[,volume]` (names in any case; `time`/`date` work too),
 * - pandas' `,Open,High,Low,Close,Volume` with dates in the unnamed first column,
 * - either of those with a `symbol` column (several markets in one file).
 * Times are ISO 8601, `YYYY-MM-DD[ HH:MM:SS]` in UTC, or epoch seconds/ms. The symbol is
 * `options.symbol`, else the symbol column, else the start of the file name (`XRPUSDT-PERP-1h.csv`).
 * Epoch values below 1e11 are seconds, from 1e11 on milliseconds (1e11 s is the year 5138, 1e11 ms
 * is 1973), from 1e14 on refused (micro- or nanoseconds). Every problem is a ConfigError issue
 * naming file:line:column; up to 20 are reported at once. Refused: a file that is not UTF-8 text,
 * zero or negative prices, high < low, open or close outside [low, high], unsorted or duplicate
 * times, and a hole longer than `maxGapMs` (default 7 days or 2 bars, whichever is longer).
 */
export function readBarsCsv(file: string, options: ReadBarsOptions = {}): readonly Bar[] {
  return parseBarsCsvText(readTextFile(file, 'CSV'), file, options);
}
