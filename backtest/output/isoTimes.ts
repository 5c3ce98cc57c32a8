import { PAIRS } from './decimalDigits.ts';

const DAY = 86_400_000;
/** The last time a Date holds (ECMAScript: 10^8 days after 1970). */
const LAST = 8.64e15;
/** The most bytes toISOString gives ("+275760-09-13T00:00:00.000Z"). */
export const ISO_TIME_BYTES = 27;

/** The UTC day of a whole-ms time: its start, and its end as a Date can hold it (the last day has one time). */
export function utcDayOf(ms: number): { readonly start: number; readonly end: number } {
  const start = ms - (((ms % DAY) + DAY) % DAY);
  return { start, end: Math.min(start + DAY, LAST + 1) };
}

/** Two digits of 0 ≤ n < 100 at `at`. */
function two(buf: Uint8Array, at: number, n: number): void {
  buf[at] = PAIRS[2 * n] ?? 0;
  buf[at + 1] = PAIRS[2 * n + 1] ?? 0;
}

/**
 * `hh:mm:ss.mmm` of `intoDay` whole ms into a UTC day (0 ≤ r < one day, an int32) at `at`, as
 * toISOString writes it: 12 bytes, the end returned.
 */
export function writeTimeOfDay(buf: Uint8Array, at: number, intoDay: number): number {
  let r = intoDay;
  const h = (r / 3_600_000) | 0;
  r -= h * 3_600_000;
  const m = (r / 60_000) | 0;
  r -= m * 60_000;
  const s = (r / 1_000) | 0;
  r -= s * 1_000;
  two(buf, at, h);
  buf[at + 2] = 0x3a;
  two(buf, at + 3, m);
  buf[at + 5] = 0x3a;
  two(buf, at + 6, s);
  buf[at + 8] = 0x2e;
  const hundreds = (r / 100) | 0;
  buf[at + 9] = 0x30 + hundreds;
  two(buf, at + 10, r - hundreds * 100);
  return at + 12;
}

/**
 * Writes `new Date(ms).toISOString()` at `pos`, byte for byte, and returns the end, for a series
 * of times that mostly share a day (an equity curve: millions of bars). The date part is formatted
 * once per day and the time of day by arithmetic; a Date is built only when the day changes.
 * Invalid times throw the same RangeError as toISOString. `buf` needs ISO_TIME_BYTES of room.
 */
export function isoTimes(): (buf: Buffer, pos: number, ms: number) => number {
  let dayStart = Number.NaN;
  let dayEnd = Number.NaN;
  let prefix = new Uint8Array(0);
  return (buf, pos, ms) => {
    if (!(ms >= dayStart && ms < dayEnd) || !Number.isInteger(ms)) {
      const full = new Date(ms).toISOString();
      // A fractional ms (toISOString truncates it) is rare enough to format the slow way.
      if (Number.isInteger(ms)) {
        // Past the last day a Date is invalid, and toISOString throws: so does this.
        ({ start: dayStart, end: dayEnd } = utcDayOf(ms));
        prefix = Buffer.from(full.slice(0, full.indexOf('T') + 1), 'latin1');
      }
      return pos + buf.write(full, pos, 'latin1');
    }
    let at = pos;
    for (let i = 0; i < prefix.length; i++) buf[at++] = prefix[i] ?? 0;
    // Under a day: an int32.
    at = writeTimeOfDay(buf, at, (ms - dayStart) | 0);
    buf[at] = 0x5a;
    return at + 1;
  };
}
