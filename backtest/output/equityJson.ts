import type { EquityColumns } from '../metrics/EquityPoint.ts';
import { type ByteFile, putBytes } from './ByteFile.ts';
import { ISO_TIME_BYTES, isoTimes } from './isoTimes.ts';
import { JSON_NUMBER_BYTES, writeJsonNumber } from './jsonNumber.ts';

const FIRST = Buffer.from('\n    {"time":"', 'latin1');
const NEXT = Buffer.from(',\n    {"time":"', 'latin1');
const EQUITY = Buffer.from('","equity":', 'latin1');
/** The most bytes one point takes. */
const POINT_BYTES = NEXT.length + ISO_TIME_BYTES + EQUITY.length + JSON_NUMBER_BYTES + 1;

/**
 * The equity curve's items, one per line, each the text JSON.stringify({ time, equity }) gives
 * with the time as toISOString's: `{"time":"2020-01-01T00:00:00.000Z","equity":10000000}`. A
 * point per bar (millions) goes straight into the file's buffer, with no string or object.
 */
export function writeEquityItems(out: ByteFile, curve: EquityColumns): void {
  const { time, equity } = curve;
  const writeTime = isoTimes();
  const buf = out.buf;
  const last = buf.length - POINT_BYTES;
  let at = out.pos;
  for (let i = 0; i < time.length; i++) {
    if (at > last) {
      out.pos = at;
      out.flush();
      at = out.pos;
    }
    at = putBytes(buf, at, i === 0 ? FIRST : NEXT);
    at = writeTime(buf, at, time[i] ?? Number.NaN);
    at = putBytes(buf, at, EQUITY);
    at = writeJsonNumber(buf, at, equity[i] ?? Number.NaN);
    buf[at++] = 0x7d;
  }
  out.pos = at;
}
