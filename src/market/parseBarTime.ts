/** Milliseconds below this read as epoch seconds (1e11 s is the year 5138; 1e11 ms is 1973). */
const SECONDS_BELOW = 1e11;
/** Epoch values from here on look like micro- or nanoseconds, which we refuse rather than guess. */
const TOO_LARGE = 1e14;
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** Digits of `s` from `from` to `to` (exclusive) as a number, or -1 when any is not a digit. */
function digits(s: string, from: number, to: number): number {
  if (to > s.length) return -1;
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

function isLeap(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

/** `Z`, `+HH:MM`, `-HHMM`, `+HH` from `at` to the end, as minutes east of UTC; NaN when malformed. */
function zoneMinutes(s: string, at: number): number {
  if (at === s.length) return 0;
  const c = s[at];
  if (c === 'Z' || c === 'z') return at + 1 === s.length ? 0 : Number.NaN;
  if (c !== '+' && c !== '-') return Number.NaN;
  const rest = s.length - at - 1;
  const h = digits(s, at + 1, at + 3);
  const m =
    rest === 2
      ? 0
      : rest === 4
        ? digits(s, at + 3, at + 5)
        : s[at + 3] === ':'
          ? digits(s, at + 4, at + 6)
          : -1;
  if (h < 0 || h > 23 || m < 0 || m > 59 || (rest !== 2 && rest !== 4 && rest !== 5)) return Number.NaN;
  return (c === '+' ? 1 : -1) * (h * 60 + m);
}

function epoch(s: string): number {
  const n = Number(s);
  if (!Number.isFinite(n) || n >= TOO_LARGE) return Number.NaN;
  return n < SECONDS_BELOW ? Math.round(n * 1000) : Math.round(n);
}

/**
 * Epoch ms of a bar time: ISO 8601 with `Z` or an offset, `YYYY-MM-DD[ HH:MM[:SS[.fff]]]` without
 * a zone (taken as UTC, as pandas writes it), or epoch seconds/milliseconds; NaN otherwise.
 * Hand-rolled because `Date.parse` accepts far too much (`Date.parse('1')` is a date in V8).
 */
export function parseBarTime(s: string): number {
  const first = s.charCodeAt(0);
  if (s.length === 0 || first < 48 || first > 57) return Number.NaN;
  if (s[4] !== '-') {
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if ((c < 48 || c > 57) && c !== 46) return Number.NaN;
    }
    return epoch(s);
  }
  const y = digits(s, 0, 4);
  const mo = digits(s, 5, 7);
  const d = digits(s, 8, 10);
  if (s[7] !== '-' || mo < 1 || mo > 12 || d < 1) return Number.NaN;
  if (d > (mo === 2 && !isLeap(y) ? 28 : (DAYS_IN_MONTH[mo - 1] ?? 0))) return Number.NaN;
  const day = Date.UTC(y, mo - 1, d);
  if (s.length === 10) return day;
  if ((s[10] !== 'T' && s[10] !== ' ') || s[13] !== ':') return Number.NaN;
  const h = digits(s, 11, 13);
  const mi = digits(s, 14, 16);
  let at = 16;
  let sec = 0;
  let ms = 0;
  if (s[16] === ':') {
    sec = digits(s, 17, 19);
    at = 19;
    if (s[19] === '.') {
      let end = 20;
      while (end < s.length && s.charCodeAt(end) >= 48 && s.charCodeAt(end) <= 57) end++;
      if (end === 20) return Number.NaN;
      ms = Math.round(Number(`0.${s.slice(20, end)}`) * 1000);
      at = end;
    }
  }
  if (h < 0 || h > 23 || mi < 0 || mi > 59 || sec < 0 || sec > 59) return Number.NaN;
  const zone = zoneMinutes(s, at);
  if (Number.isNaN(zone)) return Number.NaN;
  return day + ((h * 60 + mi - zone) * 60 + sec) * 1000 + ms;
}
