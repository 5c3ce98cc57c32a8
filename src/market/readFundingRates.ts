import { type FundingRate, parseFundingCsv, parseFundingJson } from './parseFundingRates.ts';
import { readTextFile } from './readTextFile.ts';

export type { FundingRate } from './parseFundingRates.ts';

/**
 * A funding-rate series from a `.json` file (see parseFundingJson) or any other file as CSV
 * (`timestamp,funding_rate`, like data/samples/XRPUSDT-PERP-funding-8h.csv). Times as for bars;
 * rates are fractions per funding period. Refused, located: a binary file, unreadable rows,
 * rates of 100 % or more, unsorted or duplicate times, holes longer than `maxGapMs` (default 7 days).
 */
export function readFundingRates(file: string, maxGapMs?: number): readonly FundingRate[] {
  const json = file.toLowerCase().endsWith('.json');
  const text = readTextFile(file, json ? 'JSON file' : 'CSV');
  return json ? parseFundingJson(text, file, maxGapMs) : parseFundingCsv(text, file, maxGapMs);
}
