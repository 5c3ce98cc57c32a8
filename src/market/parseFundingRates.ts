import { isRecord } from '../domain/isRecord.ts';
import { ConfigError } from '../errors/ConfigError.ts';
import { IssueList } from './IssueList.ts';
import { defaultMaxGapMs, parseBarGaps, spanText } from './parseBarGaps.ts';
import { parseBarTime } from './parseBarTime.ts';
import { parseJsonRows } from './parseJsonRows.ts';
import { shownCell, textProblem } from './parseTextProblem.ts';
import { splitCsvLine } from './splitCsvLine.ts';

/** A funding rate charged at `time` (epoch ms): the fraction of notional longs pay shorts (negative: shorts pay). */
export interface FundingRate {
  readonly time: number;
  readonly rate: number;
}

const TIME_NAMES = ['timestamp', 'time', 'date', 'datetime', 'fundingtime', 'funding_time', 'ts'];
const RATE_NAMES = ['funding_rate', 'fundingrate', 'rate', 'funding', 'open'];
const iso = (ms: number): string => new Date(ms).toISOString();

/** One rate's problem, or undefined: finite, and below 100 % per period (a percentage written as a fraction is the usual slip). */
function rateProblem(rate: number): string | undefined {
  if (!Number.isFinite(rate)) return 'is not a finite number';
  if (Math.abs(rate) >= 1)
    return `${rate} is 100 % or more per funding period; write rates as fractions (0.0001 = 0.01 %)`;
  return undefined;
}

interface Located {
  readonly time: number;
  readonly rate: number;
  readonly line: number;
  readonly column: number;
}

/** Ascending unique times and holes within the tolerance (7 days by default), then the series. */
function checked(items: readonly Located[], issues: IssueList, maxGapMs?: number): FundingRate[] {
  items.forEach((it, i) => {
    const p = items[i - 1];
    if (p && it.time <= p.time)
      issues.add(
        it.line,
        it.column,
        '',
        it.time === p.time
          ? `duplicates the funding time ${iso(it.time)} on line ${p.line}`
          : `${iso(it.time)} is before ${iso(p.time)} on line ${p.line}; funding times must ascend`,
      );
  });
  if (issues.count === 0 && items.length === 0) issues.add(1, 1, '', 'no funding rates in the file');
  issues.throwIfAny();
  const steps: number[] = [];
  for (let i = 1; i < items.length; i++) steps.push((items[i]?.time ?? 0) - (items[i - 1]?.time ?? 0));
  steps.sort((a, b) => a - b);
  const interval = steps[Math.floor(steps.length / 2)] ?? 1;
  const max = maxGapMs ?? defaultMaxGapMs(interval);
  const lines = items.map((it) => it.line);
  for (const g of parseBarGaps(
    '',
    items.map((it) => it.time),
    lines,
    interval,
  ))
    if (g.to - g.from > max)
      issues.add(
        g.line,
        1,
        '',
        `a gap of ${spanText(g.to - g.from)} after the funding at ${iso(g.from)} on line ${g.fromLine} is longer than the tolerance of ${spanText(max)}`,
      );
  issues.throwIfAny();
  return items.map((it) => ({ time: it.time, rate: it.rate }));
}

/** Funding rates from CSV: a time column and a rate column (`funding_rate`, `rate`, …), names in any case. */
export function parseFundingCsv(text: string, file: string, maxGapMs?: number): readonly FundingRate[] {
  const binary = textProblem(text, 'CSV');
  if (binary !== undefined) throw new ConfigError([{ location: { file }, path: '', message: binary }]);
  const lines = text.replace(/^\ufeff/, '').split('\n');
  const issues = new IssueList(file);
  const header = splitCsvLine((lines[0] ?? '').replace(/\r$/, '')).values.map((v) => v.toLowerCase());
  const t = header.findIndex((n) => TIME_NAMES.includes(n));
  const r = header.findIndex((n) => RATE_NAMES.includes(n));
  if (t < 0 || r < 0) {
    issues.add(
      1,
      1,
      '',
      `expected a header with a time column (timestamp, time, date) and a rate column (funding_rate, rate); the header is ${header.join(',')}`,
    );
    issues.throwIfAny();
  }
  const items: Located[] = [];
  for (let n = 1; n < lines.length; n++) {
    const line = (lines[n] ?? '').replace(/\r$/, '');
    if (line.trim() === '') continue;
    const { values, columns } = splitCsvLine(line);
    if (values.length !== header.length) {
      issues.add(
        n + 1,
        line.length + 1,
        '',
        `row has ${values.length} cells, the header has ${header.length}`,
      );
      continue;
    }
    const rawTime = values[t] ?? '';
    const time = parseBarTime(rawTime);
    const cell = values[r] ?? '';
    const rate = cell === '' ? Number.NaN : Number(cell);
    if (Number.isNaN(time))
      issues.add(n + 1, columns[t] ?? 0, header[t] ?? '', `"${shownCell(rawTime)}" is not a time`);
    const problem = Number.isNaN(rate) ? `"${shownCell(cell)}" is not a number` : rateProblem(rate);
    if (problem) issues.add(n + 1, columns[r] ?? 0, header[r] ?? '', problem);
    if (!Number.isNaN(time) && problem === undefined)
      items.push({ time, rate, line: n + 1, column: columns[t] ?? 0 });
  }
  return checked(items, issues, maxGapMs);
}

/**
 * Funding rates from JSON: `[[ms, rate, …], …]` (Freqtrade stores rates as candles whose open is
 * the rate) or `[{fundingTime|timestamp|time, fundingRate|funding_rate|rate}, …]` (exchange APIs).
 */
export function parseFundingJson(text: string, file: string, maxGapMs?: number): readonly FundingRate[] {
  const { rows, at } = parseJsonRows(
    text,
    file,
    'funding rates [time ms, rate] or {fundingTime, fundingRate}',
  );
  const issues = new IssueList(file);
  const items: Located[] = [];
  rows.forEach((row, i) => {
    const { line, column } = at(i);
    const o: { t?: unknown; r?: unknown } = Array.isArray(row)
      ? { t: row[0], r: row[1] }
      : isRecord(row)
        ? pick(row)
        : {};
    const time = typeof o.t === 'number' || typeof o.t === 'string' ? parseBarTime(String(o.t)) : Number.NaN;
    const rate =
      typeof o.r === 'number' ? o.r : typeof o.r === 'string' && o.r !== '' ? Number(o.r) : Number.NaN;
    if (Number.isNaN(time)) issues.add(line, column, `[${i}]`, 'has no time (epoch ms or ISO 8601)');
    const problem = Number.isNaN(rate) ? 'has no rate (a number)' : rateProblem(rate);
    if (problem) issues.add(line, column, `[${i}]`, Number.isNaN(rate) ? problem : `rate ${problem}`);
    if (!Number.isNaN(time) && problem === undefined) items.push({ time, rate, line, column });
  });
  return checked(items, issues, maxGapMs);
}

function pick(o: Readonly<Record<string, unknown>>): { t: unknown; r: unknown } {
  return {
    t: o.fundingTime ?? o.timestamp ?? o.time ?? o.date,
    r: o.fundingRate ?? o.funding_rate ?? o.rate,
  };
}
