const DAY = 86_400_000;
/** The last time a Date holds (ECMAScript: 10^8 days after 1970). */
const LAST = 8.64e15;
/** The most bytes toISOString gives ("+275760-09-13T00:00:00.000Z"). */
export const ISO_TIME_BYTES = 27;

/** Two digits of 0 ≤ n < 100 at `at`. */
function two(buf: Uint8Array, at: number, n: number): void {
  const tens = (n / 10) | 0;
  buf[at] = 0x30 + tens;
  buf[at + 1] = 0x30 + n - tens * 10;
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
        dayStart = ms - (((ms % DAY) + DAY) % DAY);
        // The last day has one time: past it a Date is invalid, and toISOString throws.
        dayEnd = Math.min(dayStart + DAY, LAST + 1);
        prefix = Buffer.from(full.slice(0, full.indexOf('T') + 1), 'latin1');
      }
      return pos + buf.write(full, pos, 'latin1');
    }
    let at = pos;
    for (let i = 0; i < prefix.length; i++) buf[at++] = prefix[i] ?? 0;
    // Under a day: an int32.
    let r = (ms - dayStart) | 0;
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
    buf[at + 12] = 0x5a;
    return at + 13;
  };
}
