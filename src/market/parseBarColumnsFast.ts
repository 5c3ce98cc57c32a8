import { barsHeader } from './barsHeader.ts';
import { finishBarColumns, rawBarColumns } from './finishBarColumns.ts';
import { IssueList } from './IssueList.ts';
import { isOrderedBar } from './isOrderedBar.ts';
import type { BarColumns } from './parseBarColumns.ts';
import type { ReadBarsOptions } from './parseBarsCsvText.ts';
import { parseCellNumber } from './parseCellNumber.ts';
import { newDayCache, parseCellTime } from './parseCellTime.ts';
import { textProblem } from './parseTextProblem.ts';
import { splitCsvLine } from './splitCsvLine.ts';
import { SYMBOL_PATTERN, symbolFromFileName } from './symbolFromFileName.ts';

/**
 * The fast path of parseBarColumns: undefined as soon as the text needs the general path (it
 * then reparses and reports), so this never has to phrase an error itself. It reads no substring
 * per cell and skips the whole-text control-character scan: its cell parsers refuse any such
 * character, and a refused cell sends the file to the general path, which scans.
 */
export function parseBarColumnsFast(text: string, file: string, o: ReadBarsOptions): BarColumns | undefined {
  const wanted = o.symbol?.trim().toUpperCase();
  const symbol = wanted ?? symbolFromFileName(file);
  if (symbol === undefined || !SYMBOL_PATTERN.test(symbol) || text.includes('"')) return undefined;
  if (o.intervalMs !== undefined && !(o.intervalMs > 0)) return undefined;
  let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let end = text.indexOf('\n', pos);
  if (end < 0) return undefined;
  const headerText = text.slice(pos, text.charCodeAt(end - 1) === 13 ? end - 1 : end);
  const h = barsHeader(splitCsvLine(headerText), 1, new IssueList(file));
  // The cell parsers accept no blank or control character; the header is checked here.
  if (h === undefined || h.symbol >= 0 || headerText.trim() === '' || textProblem(headerText, 'CSV'))
    return undefined;
  let capacity = 0;
  for (let i = end; i >= 0; i = text.indexOf('\n', i + 1)) capacity++;
  const raw = rawBarColumns(capacity);
  const { time, open, high, low, close, volume, lines } = raw;
  const cell = new Float64Array(h.width);
  const isTime = h.time;
  const days = newDayCache();
  let n = 0;
  let line = 1;
  let prev = Number.NEGATIVE_INFINITY;
  while (end < text.length) {
    pos = end + 1;
    line++;
    end = text.indexOf('\n', pos);
    if (end < 0) end = text.length;
    const stop = text.charCodeAt(end - 1) === 13 ? end - 1 : end;
    if (stop <= pos) continue;
    let at = pos;
    for (let c = 0; c < h.width; c++) {
      // A surplus cell stays in the last one ("1,2"), which then reads as NaN.
      const comma = c === h.width - 1 ? stop : text.indexOf(',', at);
      if (comma < 0 || comma > stop) return undefined;
      cell[c] = c === isTime ? parseCellTime(text, at, comma, days) : parseCellNumber(text, at, comma);
      at = comma + 1;
    }
    const t = cell[isTime] ?? Number.NaN;
    const op = cell[h.open] ?? Number.NaN;
    const hi = cell[h.high] ?? Number.NaN;
    const lo = cell[h.low] ?? Number.NaN;
    const cl = cell[h.close] ?? Number.NaN;
    const vo = h.volume < 0 ? 0 : (cell[h.volume] ?? Number.NaN);
    if (!isOrderedBar(t, prev, op, hi, lo, cl, vo)) return undefined;
    prev = t;
    time[n] = t;
    open[n] = op;
    high[n] = hi;
    low[n] = lo;
    close[n] = cl;
    volume[n] = vo;
    lines[n++] = line;
  }
  raw.length = n;
  return finishBarColumns(symbol, raw, o);
}
