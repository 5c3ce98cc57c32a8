import type { BarBytesPlan } from './barBytesPlan.ts';
import { Cell } from './barBytesPlan.ts';
import { cellEnd, newByteDayCache, readNumberCell, readTimeCell, skipCell } from './barCellBytes.ts';
import { type RawBarColumns, rawBarColumns } from './finishBarColumns.ts';
import { isOrderedBar } from './isOrderedBar.ts';

const LF = 10;
const CR = 13;
const COMMA = 44;

/** Room for more rows: the columns copied into arrays half as long again. */
function grown(raw: RawBarColumns): RawBarColumns {
  const more = rawBarColumns(Math.ceil(raw.time.length * 1.5) + 1024);
  for (const k of ['time', 'open', 'high', 'low', 'close', 'volume', 'lines'] as const) more[k].set(raw[k]);
  return more;
}

/** Rows read by parseBarRowsBytes, and the number of the last line it passed (empty ones too). */
export interface BarRows {
  readonly raw: RawBarColumns;
  readonly lastLine: number;
}

/**
 * The rows of `bytes` from `start` (the first byte of a line) to the end, numbered on from
 * `lineBefore` (the number of the line before `start`): parseBarColumnsFast's rules on plain ASCII
 * rows. Undefined as soon as anything needs the text path. The end of `bytes` ends the last
 * line, so a range of a file cut just after an LF reads exactly as the same lines of the whole
 * file do: no cell reader looks past the LF that ends its line. The columns are sized for
 * `roomFor` bytes of rows: a first range sized for the whole file becomes the stitched columns.
 */
export function parseBarRowsBytes(
  bytes: Uint8Array,
  start: number,
  plan: BarBytesPlan,
  lineBefore: number,
  roomFor: number = bytes.length - start,
): BarRows | undefined {
  const h = plan.header;
  const kinds = plan.kinds;
  // Rows are about as long as the first one: room for that many and a tenth more, grown if short.
  const firstRow = bytes.indexOf(LF, start) - start + 1;
  const rest = roomFor + 1;
  let raw = rawBarColumns(Math.ceil((rest / (firstRow > 0 ? firstRow : rest)) * 1.1) + 16);
  const cell = new Float64Array(h.width);
  const last = h.width - 1;
  const days = newByteDayCache();
  const length = bytes.length;
  let n = 0;
  let line = lineBefore;
  let prev = Number.NEGATIVE_INFINITY;
  let at = start;
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
    if (!isOrderedBar(t, prev, op, hi, lo, cl, vo)) return undefined;
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
  return { raw, lastLine: line };
}
