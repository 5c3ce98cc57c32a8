import { cellEnd, newByteDayCache, readNumberCell, readTimeCell, skipCell } from './barCellBytes.ts';
import { barsHeader } from './barsHeader.ts';
import { finishBarColumns, type RawBarColumns, rawBarColumns } from './finishBarColumns.ts';
import { IssueList } from './IssueList.ts';
import type { BarColumns } from './parseBarColumns.ts';
import type { ReadBarsOptions } from './parseBarsCsvText.ts';
import { textProblem } from './parseTextProblem.ts';
import { splitCsvLine } from './splitCsvLine.ts';
import { SYMBOL_PATTERN, symbolFromFileName } from './symbolFromFileName.ts';

const LF = 10;
const CR = 13;
const COMMA = 44;

/** What each column of a row is read as. */
const Cell = { skip: 0, number: 1, time: 2 } as const;

/** The header line as readTextFile and parseBarColumnsFast see it, or undefined. */
function headerLine(bytes: Uint8Array, end: number): string | undefined {
  let text: string;
  try {
    // readTextFile's decoder: it drops a leading byte-order mark, and refuses bad UTF-8.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, end));
  } catch {
    return undefined;
  }
  // parseBarColumnsFast drops a (second) mark too, and a CR before the LF.
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return text.charCodeAt(text.length - 1) === CR ? text.slice(0, -1) : text;
}

/** Room for more rows: the columns copied into arrays half as long again. */
function grown(raw: RawBarColumns): RawBarColumns {
  const more = rawBarColumns(Math.ceil(raw.time.length * 1.5) + 1024);
  for (const k of ['time', 'open', 'high', 'low', 'close', 'volume', 'lines'] as const) more[k].set(raw[k]);
  return more;
}

/**
 * parseBarColumnsFast on the file's bytes, in one pass: no decoded text, no string per row or
 * cell; only the header line is decoded. Undefined as soon as anything needs the text path
 * (which then reads the file as text and either parses it or says where it is wrong), so this
 * never words an error itself. It takes a subset of what parseBarColumnsFast takes — plain ASCII
 * rows, the cell forms of barCellBytes — and gives the very same columns for it.
 */
export function parseBarColumnsBytes(
  bytes: Uint8Array,
  file: string,
  o: ReadBarsOptions,
): BarColumns | undefined {
  const symbol = o.symbol?.trim().toUpperCase() ?? symbolFromFileName(file);
  if (symbol === undefined || !SYMBOL_PATTERN.test(symbol) || bytes.indexOf(34) >= 0) return undefined;
  if (o.intervalMs !== undefined && !(o.intervalMs > 0)) return undefined;
  const headerEnd = bytes.indexOf(LF);
  const header = headerEnd < 0 ? undefined : headerLine(bytes, headerEnd);
  if (header === undefined) return undefined;
  const h = barsHeader(splitCsvLine(header), 1, new IssueList(file));
  if (h === undefined || h.symbol >= 0 || header.trim() === '' || textProblem(header, 'CSV'))
    return undefined;
  const kinds = new Uint8Array(h.width);
  for (const c of [h.open, h.high, h.low, h.close, h.volume]) if (c >= 0) kinds[c] = Cell.number;
  kinds[h.time] = Cell.time;
  // Rows are about as long as the first one: room for that many and a tenth more, grown if short.
  const firstRow = bytes.indexOf(LF, headerEnd + 1) - headerEnd;
  const rest = bytes.length - headerEnd;
  let raw = rawBarColumns(Math.ceil((rest / (firstRow > 0 ? firstRow : rest)) * 1.1) + 16);
  const cell = new Float64Array(h.width);
  const last = h.width - 1;
  const days = newByteDayCache();
  const length = bytes.length;
  let n = 0;
  let line = 1;
  let prev = Number.NEGATIVE_INFINITY;
  let at = headerEnd + 1;
  while (at < length) {
    line++;
    // An empty line (or one holding only its CR) is skipped, as the text path does.
    if (bytes[at] === LF) {
      at++;
      continue;
    }
    if (bytes[at] === CR && (at + 1 === length || bytes[at + 1] === LF)) {
      at += 2;
      continue;
    }
    for (let c = 0; c <= last; c++) {
      const kind = kinds[c];
      cell[c] =
        kind === Cell.number
          ? readNumberCell(bytes, at)
          : kind === Cell.time
            ? readTimeCell(bytes, at, days)
            : skipCell(bytes, at);
      const to = cellEnd.at;
      // Each cell but the last ends at a comma; the last at CR LF, LF or the end of the bytes.
      if (to < 0) return undefined;
      if (c < last) {
        if (bytes[to] !== COMMA) return undefined;
        at = to + 1;
      } else at = to;
    }
    if (at < length && bytes[at] === CR) at++;
    if (at < length && bytes[at++] !== LF) return undefined;
    const t = cell[h.time] ?? Number.NaN;
    const op = cell[h.open] ?? Number.NaN;
    const hi = cell[h.high] ?? Number.NaN;
    const lo = cell[h.low] ?? Number.NaN;
    const cl = cell[h.close] ?? Number.NaN;
    const vo = h.volume < 0 ? 0 : (cell[h.volume] ?? Number.NaN);
    // parseBarColumnsFast's test, written so that NaN fails it.
    if (!(t > prev && lo > 0 && hi >= lo && op >= lo && op <= hi && cl >= lo && cl <= hi && vo >= 0))
      return undefined;
    prev = t;
    if (n === raw.time.length) raw = grown(raw);
    raw.time[n] = t;
    raw.open[n] = op;
    raw.high[n] = hi;
    raw.low[n] = lo;
    raw.close[n] = cl;
    raw.volume[n] = vo;
    raw.lines[n++] = line;
  }
  // Set once, not on every row: `grown` copies the whole columns, whatever the length says.
  raw.length = n;
  return finishBarColumns(symbol, raw, o);
}
