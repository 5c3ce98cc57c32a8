import { type Bar, barProblem } from '../domain/bar.ts';
import { MarketSymbol } from '../domain/ids.ts';
import { ConfigError } from '../errors/ConfigError.ts';
import { type BarsHeader, barsHeader } from './barsHeader.ts';
import { IssueList } from './IssueList.ts';
import { medianGap } from './medianGap.ts';
import { type BarGap, defaultMaxGapMs, parseBarGaps, spanText } from './parseBarGaps.ts';
import { parseBarTime } from './parseBarTime.ts';
import { shownCell, textProblem } from './parseTextProblem.ts';
import { splitCsvLine } from './splitCsvLine.ts';
import { SYMBOL_PATTERN, symbolFromFileName } from './symbolFromFileName.ts';

export interface ReadBarsOptions {
  /** Names the bars of a file without a symbol column; selects rows of a file with one. */
  readonly symbol?: string;
  /** Bar length; default: the median gap between consecutive bars of one symbol. */
  readonly intervalMs?: number;
  /** Longest hole refused as lost data; default: 7 days or 2 bars, whichever is longer (parseBarGaps). */
  readonly maxGapMs?: number;
}

type Draft = { -readonly [K in keyof Bar]: Bar[K] };
const TIME_HINT =
  'expected ISO 8601 (2021-11-17T01:00:00Z), YYYY-MM-DD[ HH:MM:SS] in UTC, or epoch seconds or milliseconds';
const iso = (ms: number): string => new Date(ms).toISOString();

const PRICES = ['open', 'high', 'low', 'close'] as const;

/** The first price of a bar that is zero or negative, with its column index. */
function nonPositive(bar: Bar, h: BarsHeader): { name: (typeof PRICES)[number]; at: number } | undefined {
  for (const name of PRICES) if (!(bar[name] > 0)) return { name, at: h[name] };
  return undefined;
}

function fail(file: string, message: string): never {
  throw new ConfigError([{ location: { file }, path: '', message }]);
}

/** The number in a cell, or the reason it is not one (`Number('')` is 0 and `Number('0x1')` is 1). */
function numberIn(cell: string): number | string {
  if (cell === '') return 'empty cell, expected a number';
  const n = Number(cell);
  const hex = cell.length > 1 && (cell.charCodeAt(1) | 32) === 120;
  return Number.isFinite(n) && !hex ? n : `"${shownCell(cell)}" is not a number`;
}

/**
 * Parses OHLCV bars from CSV text (see readBarsCsv for the formats). Reports up to 20 problems at
 * once as one ConfigError whose issues name file:line:column. Bars come out ordered by time.
 */
export function parseBarsCsvText(text: string, file: string, options: ReadBarsOptions = {}): readonly Bar[] {
  return parseBarsCsvTable(text, file, options).bars;
}

/** Bars in time order, and the holes within the tolerance (located by line) for a report. */
export interface BarsTable {
  readonly bars: readonly Bar[];
  readonly gaps: readonly BarGap[];
}

/** parseBarsCsvText that also returns the holes it tolerated. */
export function parseBarsCsvTable(text: string, file: string, options: ReadBarsOptions = {}): BarsTable {
  const wanted = options.symbol?.trim().toUpperCase();
  if (wanted !== undefined && !SYMBOL_PATTERN.test(wanted))
    fail(file, `symbol "${options.symbol}" is not a market symbol (2–20 letters or digits, like BTCUSDT)`);
  const given = options.intervalMs;
  if (given !== undefined && !(Number.isFinite(given) && given > 0))
    fail(file, `intervalMs ${given} is not a positive number of milliseconds`);
  const binary = textProblem(text, 'CSV');
  if (binary !== undefined) fail(file, binary);
  const lines = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).split('\n');
  const issues = new IssueList(file);
  let n = 0;
  while (n < lines.length && (lines[n] ?? '').trim() === '') n++;
  if (n === lines.length) {
    issues.add(1, 1, '', 'the file is empty; expected a header such as timestamp,open,high,low,close,volume');
    issues.throwIfAny();
  }
  const h = barsHeader(splitCsvLine((lines[n] ?? '').replace(/\r$/, '')), n + 1, issues);
  issues.throwIfAny();
  // barsHeader reported why it has no header, so this is never taken.
  if (h === undefined) return fail(file, 'no usable header');
  const headerLine = n + 1;
  const fromName = h.symbol < 0 && wanted === undefined ? symbolFromFileName(file) : undefined;
  if (h.symbol < 0 && wanted === undefined && fromName === undefined)
    fail(
      file,
      'cannot tell the market symbol: the file has no symbol column and its name does not start with one (like BTCUSDT-1h.csv); pass a symbol (FILE.csv:SYMBOL on the command line)',
    );
  const fixed = h.symbol < 0 ? (wanted ?? fromName) : undefined;
  const bars: Draft[] = [];
  const last = new Map<string, { ts: number; line: number }>();
  const skipped = new Set<string>();
  const rows: number[] = [];
  const timeColumns: number[] = [];
  let rawSymbol = '';
  let symbol = '';
  for (n = headerLine; n < lines.length; n++) {
    let line = lines[n] ?? '';
    if (line.charCodeAt(line.length - 1) === 13) line = line.slice(0, -1);
    if (line.trim() === '') continue;
    const row = n + 1;
    const { values, columns } = splitCsvLine(line);
    if (values.length !== h.width) {
      const col = values.length < h.width ? line.length + 1 : (columns[h.width] ?? 0);
      issues.add(row, col, '', `row has ${values.length} cells, the header has ${h.width}`);
      continue;
    }
    const before = issues.count;
    if (fixed === undefined) {
      const cell = values[h.symbol] ?? '';
      if (cell !== rawSymbol) {
        rawSymbol = cell;
        symbol = cell.toUpperCase();
      }
      if (!SYMBOL_PATTERN.test(symbol)) {
        issues.add(
          row,
          columns[h.symbol] ?? 0,
          h.names[h.symbol] ?? '',
          `"${shownCell(cell)}" is not a market symbol`,
        );
        continue;
      }
      if (wanted !== undefined && symbol !== wanted) {
        skipped.add(symbol);
        continue;
      }
    } else symbol = fixed;
    const rawTime = values[h.time] ?? '';
    const openTime = parseBarTime(rawTime);
    if (Number.isNaN(openTime))
      issues.add(
        row,
        columns[h.time] ?? 0,
        h.names[h.time] ?? '',
        `"${shownCell(rawTime)}" is not a time; ${TIME_HINT}`,
      );
    const num = (i: number): number => {
      if (i < 0) return 0;
      const v = numberIn(values[i] ?? '');
      if (typeof v === 'string') issues.add(row, columns[i] ?? 0, h.names[i] ?? '', v);
      return typeof v === 'number' ? v : Number.NaN;
    };
    const bar: Draft = {
      symbol: MarketSymbol(symbol),
      openTime,
      intervalMs: 1,
      open: num(h.open),
      high: num(h.high),
      low: num(h.low),
      close: num(h.close),
      volume: num(h.volume),
    };
    if (issues.count > before) continue;
    // A consistent bar can still be worthless: a zero close would be served as mark 0.
    const inconsistent = barProblem(bar);
    const bad = inconsistent === undefined ? nonPositive(bar, h) : undefined;
    if (inconsistent) issues.add(row, columns[h.open] ?? 0, '', `inconsistent bar: ${inconsistent}`);
    else if (bad)
      issues.add(row, columns[bad.at] ?? 0, '', `${bad.name} ${bar[bad.name]} is not a positive price`);
    const prev = last.get(symbol);
    if (prev && openTime <= prev.ts) {
      const what =
        openTime === prev.ts
          ? `duplicates the bar at ${iso(openTime)} on line ${prev.line}`
          : `${iso(openTime)} is before ${iso(prev.ts)} on line ${prev.line}; bars must be in ascending time order`;
      issues.add(row, columns[h.time] ?? 0, h.names[h.time] ?? '', fixed ? what : `${symbol} ${what}`);
    }
    last.set(symbol, { ts: openTime, line: row });
    bars.push(bar);
    rows.push(row);
    timeColumns.push(columns[h.time] ?? 0);
  }
  if (issues.count === 0 && bars.length === 0) {
    const has =
      skipped.size > 0
        ? `no bars of ${wanted}; the file has ${[...skipped].sort().join(', ')}`
        : 'no bars after the header';
    issues.add(headerLine, 1, '', has);
  }
  issues.throwIfAny();
  const intervalMs = given ?? medianGap(bars);
  if (intervalMs === undefined)
    fail(file, 'cannot infer the bar interval from a single bar per symbol; pass intervalMs');
  for (const b of bars) b.intervalMs = intervalMs;
  const maxGap = options.maxGapMs ?? defaultMaxGapMs(intervalMs);
  const times = bars.map((b) => b.openTime);
  const gaps = parseBarGaps(fixed ?? bars.map((b) => b.symbol), times, rows, intervalMs);
  for (const g of gaps) {
    if (g.to - g.from <= maxGap) continue;
    const what = `a gap of ${spanText(g.to - g.from)} after the bar at ${iso(g.from)} on line ${g.fromLine} (${g.missing} bars missing) is longer than the tolerance of ${spanText(maxGap)}; fill the hole or raise maxGapMs`;
    issues.add(
      g.line,
      timeColumns[g.index] ?? 0,
      h.names[h.time] ?? '',
      fixed ? what : `${g.symbol} ${what}`,
    );
  }
  issues.throwIfAny();
  return { bars: last.size > 1 ? bars.sort((a, b) => a.openTime - b.openTime) : bars, gaps };
}
