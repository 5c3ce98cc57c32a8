/**
 * Cell readers over the bytes of a CSV file, for parseBarColumnsBytes. Each reads one cell from
 * `at` up to the byte that ends it (a comma, CR, LF or the end of the bytes) and leaves that
 * byte's index in `cellEnd.at`; a form it does not take gives NaN with `cellEnd.at = -1`, which
 * sends the whole file to the text path. Each takes a subset of what the text path's readers
 * (parseCellNumber, parseCellTime) take, and gives the same number for it: the arithmetic below
 * is theirs.
 */

import { Buffer } from 'node:buffer';

/** Where the last cell read ended; -1 after a cell no reader here takes. */
export const cellEnd = { at: 0 };

const COMMA = 44;
const CR = 13;
const LF = 10;
const POW10 = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const fail = (): number => {
  cellEnd.at = -1;
  return Number.NaN;
};

/** Whether the byte at i ends a cell: a comma, CR, LF, or the end of the bytes. */
const endsCell = (b: Uint8Array, i: number): boolean => {
  if (i >= b.length) return true;
  const c = b[i];
  return c === COMMA || c === CR || c === LF;
};

/**
 * parseCellNumber's slow case: a cell of digits, `.`, `+`, `-`, `e`, `E` goes to `Number()` (one
 * short string: more than 15 digits, an exponent); NaN for anything else or not finite.
 */
function slowNumberCell(b: Uint8Array, at: number): number {
  let i = at;
  for (; !endsCell(b, i); i++) {
    const c = b[i] ?? -1;
    if (!((c >= 48 && c <= 57) || c === 46 || c === 43 || c === 45 || (c | 32) === 101)) return fail();
  }
  return numberOfText(b, at, i);
}

/**
 * `Number()` of the cell's bytes [at, end), already known to be a number's characters, which end
 * the cell. Not rare on users' data: pandas writes a float series with 15–17 significant digits,
 * so most cells of such a file come here. Slicing the Buffer as latin1 (the bytes are ASCII) is
 * 5–6× faster than spreading them into String.fromCharCode.
 */
function numberOfText(b: Uint8Array, at: number, end: number): number {
  cellEnd.at = end;
  const text = Buffer.isBuffer(b)
    ? b.toString('latin1', at, end)
    : String.fromCharCode(...b.subarray(at, end));
  const n = Number(text);
  return Number.isFinite(n) ? n : Number.NaN;
}

/**
 * A number as parseCellNumber reads it: `-?d*(.d*)?` with 1 to 15 digits is m / 10^k, exact. The
 * integer and fraction digits are read in two loops, each digit one range test (an unsigned
 * compare) and one multiply-add: the row loop spends most of its time here.
 */
export function readNumberCell(b: Uint8Array, at: number): number {
  const length = b.length;
  let i = at;
  const negative = b[i] === 45;
  if (negative) i++;
  let m = 0;
  const from = i;
  for (; i < length; i++) {
    const d = (b[i] ?? -1) - 48;
    if (d >>> 0 > 9) break;
    m = m * 10 + d;
  }
  let digits = i - from;
  let decimals = 0;
  if (i < length && b[i] === 46) {
    const point = ++i;
    for (; i < length; i++) {
      const d = (b[i] ?? -1) - 48;
      if (d >>> 0 > 9) break;
      m = m * 10 + d;
    }
    decimals = i - point;
    digits += decimals;
  }
  if (i < length) {
    const c = b[i];
    if (c !== COMMA && c !== LF && c !== CR) return slowNumberCell(b, at);
  }
  // 16–17 significant digits (a float's shortest repr): the scan above has seen `-?d*(.d*)?` up
  // to the cell's end, so the slow path's second scan would find nothing new.
  if (digits > 15) return numberOfText(b, at, i);
  if (digits === 0) return fail();
  cellEnd.at = i;
  const v = m / (POW10[decimals] ?? Number.NaN);
  return negative ? -v : v;
}

/** Skips a cell no field reads: printable ASCII only, so the bytes are text as the text path saw. */
export function skipCell(b: Uint8Array, at: number): number {
  let i = at;
  for (; !endsCell(b, i); i++) {
    const c = b[i] ?? -1;
    if (c < 32 || c > 126) return fail();
  }
  cellEnd.at = i;
  return 0;
}

/** Two ASCII digits at i as a number; negative when either is not a digit (or is past the end). */
function two(b: Uint8Array, i: number): number {
  if (i + 1 >= b.length) return -1000;
  const hi = (b[i] ?? -1) - 48;
  const lo = (b[i + 1] ?? -1) - 48;
  return hi >= 0 && hi <= 9 && lo >= 0 && lo <= 9 ? hi * 10 + lo : -1000;
}

/** Remembers the last calendar day: consecutive bars mostly share it. */
export interface ByteDayCache {
  key: number;
  ms: number;
}

export const newByteDayCache = (): ByteDayCache => ({ key: -1, ms: Number.NaN });

/** parseBarTime's calendar check and Date.UTC for the `YYYY-MM-DD` at `at` (b[at + 4] is `-`). */
function dayMs(b: Uint8Array, at: number, days: ByteDayCache): number {
  const century = two(b, at);
  const year = two(b, at + 2);
  const mo = two(b, at + 5);
  const d = two(b, at + 8);
  if (century < 0 || year < 0 || mo < 0 || d < 0 || b[at + 7] !== 45) return Number.NaN;
  const y = century * 100 + year;
  const key = (y * 100 + mo) * 100 + d;
  if (key === days.key) return days.ms;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const ok = mo >= 1 && mo <= 12 && d >= 1 && d <= (mo === 2 && !leap ? 28 : (DAYS_IN_MONTH[mo - 1] ?? 0));
  days.key = key;
  days.ms = ok ? Date.UTC(y, mo - 1, d) : Number.NaN;
  return days.ms;
}

/**
 * A bar time: `YYYY-MM-DD`, `YYYY-MM-DD[T ]HH:MM:SS` with an optional `.fff` (three digits) and an
 * optional `Z`, or 9 to 14 digits of epoch seconds (below 1e11) or milliseconds.
 */
export function readTimeCell(b: Uint8Array, at: number, days: ByteDayCache): number {
  if (b[at + 4] !== 45) {
    let n = 0;
    let i = at;
    for (; i < b.length; i++) {
      const c = (b[i] ?? -1) - 48;
      if (c < 0 || c > 9) break;
      n = n * 10 + c;
    }
    const len = i - at;
    if (len < 9 || len > 14 || !endsCell(b, i)) return fail();
    cellEnd.at = i;
    return n < 1e11 ? n * 1000 : n; // parseBarTime's rule: below 1e11, epoch seconds
  }
  const day = dayMs(b, at, days);
  let i = at + 10;
  if (endsCell(b, i)) {
    cellEnd.at = i;
    return day;
  }
  const sep = b[i];
  if ((sep !== 84 && sep !== 32) || b[i + 3] !== 58 || b[i + 6] !== 58) return fail();
  const h = two(b, i + 1);
  const mi = two(b, i + 4);
  const s = two(b, i + 7);
  if (h < 0 || h > 23 || mi < 0 || mi > 59 || s < 0 || s > 59) return fail();
  i += 9;
  let ms = 0;
  if (i < b.length && b[i] === 46) {
    const hundreds = two(b, i + 1);
    const units = two(b, i + 2);
    if (hundreds < 0 || units < 0) return fail();
    ms = hundreds * 10 + (units % 10);
    i += 4;
  }
  if (i < b.length && b[i] === 90) i++;
  if (!endsCell(b, i)) return fail();
  cellEnd.at = i;
  return day + ((h * 60 + mi) * 60 + s) * 1000 + ms;
}
