// @ts-check
// How numbers and times read on the page. Money arrives as exact decimal strings; it is shown as
// given, grouped, never recomputed in floating point.

/** "1234567.891" → "1,234,567.89" (two decimals, rounded half away from zero on the digits). @param {string | null | undefined} s */
export function money(s) {
  if (s === null || s === undefined || s === '') return '—';
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(s);
  if (!m) return s;
  const [, sign, int = '0', frac = ''] = m;
  let cents = BigInt(int + `${frac}00`.slice(0, 2));
  if ((frac[2] ?? '0') >= '5') cents += 1n;
  const whole = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const part = (cents % 100n).toString().padStart(2, '0');
  return `${sign && cents !== 0n ? '-' : ''}${whole}.${part}`;
}

/** -1, 0 or 1 for a decimal string, to colour gains and losses. @param {string | null | undefined} s */
export function sign(s) {
  if (!s || !/[1-9]/.test(s)) return 0;
  return s.startsWith('-') ? -1 : 1;
}

/** @param {number} at epoch ms */
export function clockTime(at) {
  return new Date(at).toISOString().slice(11, 19);
}

/** @param {number} at epoch ms */
export function dateTime(at) {
  return new Date(at).toISOString().slice(0, 19).replace('T', ' ');
}

/** "4 s", "3 min", "2 h" @param {number} ms */
export function age(ms) {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 90) return `${s} s`;
  if (s < 90 * 60) return `${Math.round(s / 60)} min`;
  return `${Math.round(s / 3600)} h`;
}
