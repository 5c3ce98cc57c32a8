const POW10 = [
  1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
  1e20, 1e21, 1e22,
];

/**
 * The number in text[from, to) as `Number()` reads it, without making a substring: `-?d+(.d*)?`
 * with at most 15 digits is m / 10^k, exact in doubles and so correctly rounded (Clinger's fast
 * path). Other cells made only of digits, `.`, `e`, `+`, `-` go to `Number()`; anything else
 * (blanks, control characters, hex, `Infinity`, an empty cell) is NaN, for the general path to
 * report.
 */
export function parseCellNumber(text: string, from: number, to: number): number {
  let i = from;
  const negative = text.charCodeAt(i) === 45;
  if (negative) i++;
  let m = 0;
  let digits = 0;
  let scale = -1;
  for (; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      m = m * 10 + (c - 48);
      digits++;
    } else if (c === 46 && scale < 0) scale = i;
    else return slowNumber(text, from, to);
  }
  if (digits === 0) return Number.NaN;
  if (digits > 15) return slowNumber(text, from, to);
  const k = scale < 0 ? 0 : to - scale - 1;
  const v = m / (POW10[k] ?? Number.NaN);
  return negative ? -v : v;
}

function slowNumber(text: string, from: number, to: number): number {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || c === 46 || c === 43 || c === 45 || (c | 32) === 101)) return Number.NaN;
  }
  const n = Number(text.slice(from, to));
  return Number.isFinite(n) ? n : Number.NaN;
}
