import type { Bar } from '../domain/bar.ts';
import type { ReadBarsOptions } from './parseBarsCsvText.ts';
import { parseBarsJsonText } from './parseBarsJsonText.ts';
import { readBarsCsv } from './readBarsCsv.ts';
import { readTextFile } from './readTextFile.ts';

/** Bars from a `.json` file in Freqtrade's form (parseBarsJsonText) or any other file as CSV (readBarsCsv). */
export function readBars(file: string, options: ReadBarsOptions = {}): readonly Bar[] {
  if (!file.toLowerCase().endsWith('.json')) return readBarsCsv(file, options);
  return parseBarsJsonText(readTextFile(file, 'JSON file'), file, options);
}
