import type { EquityColumns } from '../metrics/EquityPoint.ts';
import { type ByteFile, putBytes } from './ByteFile.ts';
import { ISO_TIME_BYTES, isoTimes, utcDayOf, writeTimeOfDay } from './isoTimes.ts';
import { JSON_NUMBER_BYTES, writeJsonNumber } from './jsonNumber.ts';

const FIRST = Buffer.from('\n    {"time":"', 'latin1');
const NEXT = Buffer.from(',\n    {"time":"', 'latin1');
const EQUITY = Buffer.from('","equity":', 'latin1');
/**
 * The most bytes one point takes. A head's last word may reach 3 bytes past the head: into the
 * time of day, written next, so never past these.
 */
const POINT_BYTES = NEXT.length + ISO_TIME_BYTES + EQUITY.length + JSON_NUMBER_BYTES + 1;

/** Bytes as little-endian 32-bit words, the last one padded with zeros. */
function words(bytes: Uint8Array): Uint32Array {
  const padded = new Uint8Array(Math.ceil(bytes.length / 4) * 4);
  padded.set(bytes);
  return new Uint32Array(padded.buffer);
}

/** `Z","equity":`, what follows the time of day: three words. */
const [TAIL0 = 0, TAIL1 = 0, TAIL2 = 0] = words(Buffer.from('Z","equity":', 'latin1'));

/**
 * The equity curve's items, one per line, each the text JSON.stringify({ time, equity }) gives
 * with the time as toISOString's: `{"time":"2020-01-01T00:00:00.000Z","equity":10000000}`. A
 * point per bar (millions) goes straight into the file's buffer, with no string or object. Within
 * a day (a whole ms after the first point's) a line's fixed bytes, `,\n    {"time":"` and the date,
 * then `Z","equity":`, are stored as 32-bit words and the time of day written by arithmetic: a
 * byte at a time, copying them took as long as writing the numbers. The first point, a new day and a
 * fractional time go through isoTimes (which throws toISOString's RangeError for a time that is
 * not a date).
 */
export function writeEquityItems(out: ByteFile, curve: EquityColumns): void {
  const { time, equity } = curve;
  const writeTime = isoTimes();
  const buf = out.buf;
  const view = new DataView(buf.buffer, buf.byteOffset, buf.length);
  const last = buf.length - POINT_BYTES;
  let at = out.pos;
  let dayStart = Number.NaN;
  let dayEnd = Number.NaN;
  let head: Uint32Array = new Uint32Array(0);
  let headBytes = 0;
  for (let i = 0; i < time.length; i++) {
    if (at > last) {
      out.pos = at;
      out.flush();
      at = out.pos;
    }
    const ms = time[i] ?? Number.NaN;
    // Past the first point, inside the day of the head, a whole ms: under a day, an int32.
    const r = ms - dayStart;
    if (i > 0 && ms < dayEnd && r >= 0 && r === (r | 0)) {
      for (let w = 0; w < head.length; w++) view.setUint32(at + 4 * w, head[w] ?? 0, true);
      at = writeTimeOfDay(buf, at + headBytes, r);
      view.setUint32(at, TAIL0, true);
      view.setUint32(at + 4, TAIL1, true);
      view.setUint32(at + 8, TAIL2, true);
      at = writeJsonNumber(buf, at + 12, equity[i] ?? Number.NaN);
      buf[at++] = 0x7d;
      continue;
    }
    at = putBytes(buf, at, i === 0 ? FIRST : NEXT);
    const timeAt = at;
    at = writeTime(buf, at, ms);
    if (Number.isInteger(ms)) {
      // A new day's head: `,\n    {"time":"` and the date up to its T, as toISOString wrote it.
      ({ start: dayStart, end: dayEnd } = utcDayOf(ms));
      const date = buf.subarray(timeAt, at);
      const bytes = Buffer.concat([NEXT, date.subarray(0, date.indexOf(0x54) + 1)]);
      head = words(bytes);
      headBytes = bytes.length;
    }
    at = putBytes(buf, at, EQUITY);
    at = writeJsonNumber(buf, at, equity[i] ?? Number.NaN);
    buf[at++] = 0x7d;
  }
  out.pos = at;
}
