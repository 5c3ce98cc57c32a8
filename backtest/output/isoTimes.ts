const DAY = 86_400_000;

const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const pad3 = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/**
 * `new Date(ms).toISOString()`, character for character, for a series of times that mostly share
 * a day (an equity curve: millions of bars). The date part is formatted once per day and the time
 * of day by arithmetic; a Date is built only when the day changes. Invalid times throw the same
 * RangeError as toISOString.
 */
export function isoTimes(): (ms: number) => string {
  let dayStart = Number.NaN;
  let prefix = '';
  return (ms) => {
    if (!(ms >= dayStart && ms < dayStart + DAY) || !Number.isInteger(ms)) {
      const full = new Date(ms).toISOString();
      // A fractional ms (toISOString truncates it) is rare enough to format the slow way.
      if (!Number.isInteger(ms)) return full;
      dayStart = ms - (((ms % DAY) + DAY) % DAY);
      prefix = full.slice(0, full.indexOf('T') + 1);
      return full;
    }
    let r = ms - dayStart;
    const h = Math.floor(r / 3_600_000);
    r -= h * 3_600_000;
    const m = Math.floor(r / 60_000);
    r -= m * 60_000;
    const s = Math.floor(r / 1_000);
    return `${prefix}${pad2(h)}:${pad2(m)}:${pad2(s)}.${pad3(r - s * 1_000)}Z`;
  };
}
