import type { IssueList } from './IssueList.ts';
import type { CsvCells } from './splitCsvLine.ts';

/** Where each field of a bar is in a row; -1 when the file has no such column. */
export interface BarsHeader {
  readonly width: number;
  readonly names: readonly string[];
  readonly time: number;
  readonly symbol: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  readonly volume: number;
}

const TIME_NAMES = new Set(['timestamp', 'time', 'date', 'datetime', 'open_time', 'opentime', 'ts']);
const REQUIRED = ['open', 'high', 'low', 'close'] as const;
const EXPECTED =
  'expected timestamp,open,high,low,close[,volume] (optionally with a symbol column) or an unnamed first column of dates with Open,High,Low,Close,Volume';

/** Reads the header (names case-insensitive); undefined after reporting what is missing. */
export function barsHeader(cells: CsvCells, line: number, issues: IssueList): BarsHeader | undefined {
  const lower = cells.values.map((v) => v.toLowerCase());
  const seen = new Map<string, number>();
  lower.forEach((name, i) => {
    const before = seen.get(name);
    if (name !== '' && before !== undefined)
      issues.add(line, cells.columns[i] ?? 0, '', `column "${cells.values[i]}" appears twice`);
    seen.set(name, before ?? i);
  });
  const at = (name: string): number => seen.get(name) ?? -1;
  let time = lower.findIndex((n) => TIME_NAMES.has(n));
  if (time < 0 && lower[0] === '') time = 0;
  const missing = [...(time < 0 ? ['timestamp'] : []), ...REQUIRED.filter((n) => at(n) < 0)];
  if (missing.length > 0) {
    const list = missing.map((n) => `"${n}"`).join(', ');
    const has = cells.values.map((v) => (v === '' ? '(unnamed)' : v)).join(',');
    issues.add(
      line,
      1,
      '',
      `missing column${missing.length > 1 ? 's' : ''} ${list}; the header is ${has}; ${EXPECTED}`,
    );
    return undefined;
  }
  return {
    width: cells.values.length,
    names: cells.values.map((v, i) => (v === '' && i === time ? 'time' : v)),
    time,
    symbol: at('symbol'),
    open: at('open'),
    high: at('high'),
    low: at('low'),
    close: at('close'),
    volume: at('volume'),
  };
}
