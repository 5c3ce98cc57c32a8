import { type BarColumns, parseBarColumns } from './parseBarColumns.ts';
import type { ReadBarsOptions } from './parseBarsCsvText.ts';
import { readTextFile } from './readTextFile.ts';

export type { BarColumns } from './parseBarColumns.ts';

/**
 * One market's bars from a CSV file as Float64Array columns (what a backtest over millions of
 * bars wants): the formats, options and errors of readBarsCsv, and the tolerated holes in `gaps`.
 * A file with several markets needs `options.symbol`.
 */
export function readBarColumns(file: string, options: ReadBarsOptions = {}): BarColumns {
  return parseBarColumns(readTextFile(file, 'CSV'), file, options);
}
