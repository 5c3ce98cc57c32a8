import type { Bar } from '../domain/bar.ts';

/** The header `readBarsCsv` reads back: ISO time of the bar's open, OHLC, volume. */
export const BAR_CSV_HEADER = 'timestamp,open,high,low,close,volume';

/** One bar as a CSV line (times in UTC ISO 8601, numbers as JavaScript prints them: exact round trip). */
export function barCsvLine(bar: Bar): string {
  return `${new Date(bar.openTime).toISOString()},${bar.open},${bar.high},${bar.low},${bar.close},${bar.volume}`;
}
