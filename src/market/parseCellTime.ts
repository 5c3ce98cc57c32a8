import { parseBarTime } from './parseBarTime.ts';

/** Remembers the last calendar day seen: consecutive bars mostly share it. */
export interface DayCache {
  key: number;
  ms: number;
}

export const newDayCache = (): DayCache => ({ key: -1, ms: Number.NaN });

const DATE_DIGITS = [0, 1, 2, 3, 5, 6, 8, 9] as const;

function digit(text: string, i: number): number {
  const c = text.charCodeAt(i) - 48;
  return c >= 0 && c <= 9 ? c : -1000;
}

/**
 * parseBarTime over text[from, to) without a substring for the common forms
 * (`YYYY-MM-DDTHH:MM:SSZ`, `YYYY-MM-DD HH:MM:SS`, `YYYY-MM-DD`, integer epoch seconds or ms);
 * any other form goes to parseBarTime itself, so the answer is always parseBarTime's.
 */
export function parseCellTime(text: string, from: number, to: number, days: DayCache): number {
  const len = to - from;
  if (len >= 9 && len <= 14 && text.charCodeAt(from + 4) !== 45) {
    let n = 0;
    for (let i = from; i < to; i++) {
      const c = text.charCodeAt(i) - 48;
      if (c < 0 || c > 9) return parseBarTime(text.slice(from, to));
      n = n * 10 + c;
    }
    return n < 1e11 ? n * 1000 : n; // parseBarTime's rule: below 1e11 epoch seconds (1e14 needs 15 digits)
  }
  if (len !== 10 && len !== 19 && !(len === 20 && text.charCodeAt(from + 19) === 90))
    return parseBarTime(text.slice(from, to));
  let key = 0;
  for (const at of DATE_DIGITS) {
    const d = digit(text, from + at);
    if (d < 0) return parseBarTime(text.slice(from, to));
    key = key * 10 + d;
  }
  if (text.charCodeAt(from + 4) !== 45 || text.charCodeAt(from + 7) !== 45)
    return parseBarTime(text.slice(from, to));
  if (key !== days.key) {
    days.key = key;
    days.ms = parseBarTime(text.slice(from, from + 10));
  }
  if (len === 10) return days.ms;
  const sep = text.charCodeAt(from + 10);
  const h = digit(text, from + 11) * 10 + digit(text, from + 12);
  const mi = digit(text, from + 14) * 10 + digit(text, from + 15);
  const s = digit(text, from + 17) * 10 + digit(text, from + 18);
  if (
    (sep !== 84 && sep !== 32) ||
    text.charCodeAt(from + 13) !== 58 ||
    text.charCodeAt(from + 16) !== 58 ||
    h < 0 ||
    h > 23 ||
    mi < 0 ||
    mi > 59 ||
    s < 0 ||
    s > 59
  )
    return parseBarTime(text.slice(from, to));
  return days.ms + ((h * 60 + mi) * 60 + s) * 1000;
}
