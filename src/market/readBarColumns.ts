import { readFileSync } from 'node:fs';
import { type BarColumns, parseBarColumns } from './parseBarColumns.ts';
import { parseBarColumnsBytes } from './parseBarColumnsBytes.ts';
import type { ReadBarsOptions } from './parseBarsCsvText.ts';
import { readTextFile } from './readTextFile.ts';

export type { BarColumns } from './parseBarColumns.ts';

/** The file's bytes, or undefined when it cannot be read (readTextFile then says why). */
function bytesOf(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/**
 * One market's bars from a CSV file as Float64Array columns (what a backtest over millions of
 * bars wants): the formats, options and errors of readBarsCsv, and the tolerated holes in `gaps`.
 * A file with several markets needs `options.symbol`. A plain file is parsed from its bytes; any
 * other (a bad row, quotes, unusual number or time forms) is read again as text, by the path that
 * reads every form and words every error.
 */
export function readBarColumns(file: string, options: ReadBarsOptions = {}): BarColumns {
  const bytes = bytesOf(file);
  const fast = bytes === undefined ? undefined : parseBarColumnsBytes(bytes, file, options);
  return fast ?? parseBarColumns(readTextFile(file, 'CSV'), file, options);
}
