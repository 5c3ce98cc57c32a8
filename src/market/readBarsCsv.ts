import { readFileSync } from 'node:fs';
import type { Bar } from '../domain/bar.ts';
import { ConfigError } from '../errors/ConfigError.ts';
import { parseBarsCsvText, type ReadBarsOptions } from './parseBarsCsvText.ts';

export type { ReadBarsOptions } from './parseBarsCsvText.ts';

/**
 * Reads OHLCV bars from a CSV file, in any of the formats market data comes in:
 * - `timestamp,open,high,low,close[,volume]` (names in any case; `time`/`date` work too),
 * - pandas' `,Open,High,Low,Close,Volume` with dates in the unnamed first column,
 * - either of those with a `symbol` column (several markets in one file).
 * Times are ISO 8601, `YYYY-MM-DD[ HH:MM:SS]` in UTC, or epoch seconds/ms. The symbol is
 * `options.symbol`, else the symbol column, else the start of the file name (`XRPUSDT-PERP-1h.csv`).
 * Every problem is a ConfigError issue naming file:line:column; up to 20 are reported at once.
 */
export function readBarsCsv(file: string, options: ReadBarsOptions = {}): readonly Bar[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : `cannot be read (${code})`;
    throw new ConfigError([{ location: { file }, path: '', message: why }], { cause: e });
  }
  return parseBarsCsvText(text, file, options);
}
