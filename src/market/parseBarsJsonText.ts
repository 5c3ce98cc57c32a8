import { type Bar, barProblem } from '../domain/bar.ts';
import { MarketSymbol } from '../domain/ids.ts';
import { ConfigError } from '../errors/ConfigError.ts';
import { IssueList } from './IssueList.ts';
import { medianGap } from './medianGap.ts';
import { defaultMaxGapMs, parseBarGaps, spanText } from './parseBarGaps.ts';
import type { ReadBarsOptions } from './parseBarsCsvText.ts';
import { parseBarTime } from './parseBarTime.ts';
import { parseJsonRows } from './parseJsonRows.ts';
import { shownCell } from './parseTextProblem.ts';
import { SYMBOL_PATTERN, symbolFromFileName } from './symbolFromFileName.ts';

type Draft = { -readonly [K in keyof Bar]: Bar[K] };
const FIELDS = ['time', 'open', 'high', 'low', 'close', 'volume'] as const;
const SHAPE = "bars [time ms, open, high, low, close, volume] (Freqtrade's form)";
const iso = (ms: number): string => new Date(ms).toISOString();

function fail(file: string, message: string): never {
  throw new ConfigError([{ location: { file }, path: '', message }]);
}

/** A JSON value as an error message may name it, never long. */
function shownJson(value: unknown): string {
  if (typeof value === 'string') return `"${shownCell(value)}"`;
  if (Array.isArray(value)) return 'an array';
  return value !== null && typeof value === 'object' ? 'an object' : String(value);
}

/** A JSON cell as a bar field: a finite number (a time may also be an ISO string), else why not. */
function field(value: unknown, i: number): number | string {
  if (i === 0 && typeof value === 'string') {
    const t = parseBarTime(value);
    return Number.isNaN(t) ? `"${shownCell(value)}" is not a time` : t;
  }
  if (typeof value !== 'number') return `${shownJson(value)} is not a number`;
  if (i === 0) {
    const t = parseBarTime(String(value));
    return Number.isNaN(t) ? `${value} is not epoch seconds or milliseconds` : t;
  }
  return value;
}

/**
 * Bars from Freqtrade's JSON, `[[ms, open, high, low, close, volume], …]`, under the rules of
 * parseBarsCsvText (positive prices, consistent bars, ascending unique times, holes within the
 * tolerance). Each problem names file:line:column of its row and the row's index and field.
 */
export function parseBarsJsonText(text: string, file: string, options: ReadBarsOptions = {}): readonly Bar[] {
  const symbol = options.symbol?.trim().toUpperCase() ?? symbolFromFileName(file);
  if (symbol === undefined || !SYMBOL_PATTERN.test(symbol))
    fail(
      file,
      'cannot tell the market symbol: the file name does not start with one (like BTCUSDT-1h.json); pass a symbol',
    );
  const { rows, at } = parseJsonRows(text, file, SHAPE);
  const issues = new IssueList(file);
  const add = (i: number, path: string, message: string): void => {
    const { line, column } = at(i);
    issues.add(line, column, path, message);
  };
  const bars: Draft[] = [];
  const index: number[] = [];
  let prev: { t: number; i: number } | undefined;
  rows.forEach((row, i) => {
    if (!Array.isArray(row) || row.length < 5 || row.length > 6) {
      add(i, `[${i}]`, `expected ${SHAPE}`);
      return;
    }
    const v: number[] = [];
    for (let f = 0; f < 6; f++) {
      const r = f === 5 && row.length === 5 ? 0 : field(row[f], f);
      if (typeof r === 'string') add(i, `[${i}].${FIELDS[f]}`, r);
      v.push(typeof r === 'number' ? r : Number.NaN);
    }
    if (v.some(Number.isNaN)) return;
    const [
      openTime = Number.NaN,
      open = Number.NaN,
      high = Number.NaN,
      low = Number.NaN,
      close = Number.NaN,
      volume = 0,
    ] = v;
    const bar: Draft = {
      symbol: MarketSymbol(symbol),
      openTime,
      intervalMs: 1,
      open,
      high,
      low,
      close,
      volume,
    };
    const problem = barProblem(bar);
    const bad = (['open', 'high', 'low', 'close'] as const).find((k) => !(bar[k] > 0));
    if (problem) add(i, `[${i}]`, `inconsistent bar: ${problem}`);
    else if (bad) add(i, `[${i}].${bad}`, `${bar[bad]} is not a positive price`);
    if (prev && openTime <= prev.t)
      add(
        i,
        `[${i}].time`,
        openTime === prev.t
          ? `duplicates the bar at ${iso(openTime)} in row ${prev.i}`
          : `${iso(openTime)} is before ${iso(prev.t)} in row ${prev.i}; bars must be in ascending time order`,
      );
    prev = { t: openTime, i };
    bars.push(bar);
    index.push(i);
  });
  if (issues.count === 0 && bars.length === 0) add(0, '', 'no bars in the array');
  issues.throwIfAny();
  const intervalMs = options.intervalMs ?? medianGap(bars);
  if (intervalMs === undefined)
    fail(file, 'cannot infer the bar interval from a single bar; pass intervalMs');
  for (const b of bars) b.intervalMs = intervalMs;
  const maxGap = options.maxGapMs ?? defaultMaxGapMs(intervalMs);
  for (const g of parseBarGaps(
    symbol,
    bars.map((b) => b.openTime),
    index,
    intervalMs,
  ))
    if (g.to - g.from > maxGap)
      add(
        g.line,
        `[${g.line}].time`,
        `a gap of ${spanText(g.to - g.from)} after the bar at ${iso(g.from)} in row ${g.fromLine} (${g.missing} bars missing) is longer than the tolerance of ${spanText(maxGap)}; fill the hole or raise maxGapMs`,
      );
  issues.throwIfAny();
  return bars;
}
