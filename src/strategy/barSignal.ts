import type { Bar } from '../domain/bar.ts';

/**
 * `${bar.symbol}:${bar.openTime}:${tag}`: the signal that names a decision on a bar, so the same
 * decision after a restart gets the same intent id. The text must never change (ids derive from
 * it); only the printing of the time is faster: see msText.
 */
export function barSignal(bar: Bar, tag: string): string {
  return `${bar.symbol}:${msText(bar.openTime)}:${tag}`;
}

/**
 * String(ms) for an epoch-ms time, printed as two small integers: a 13-digit time is not a small
 * integer, and V8 prints such a double on its general path (≈ 120 ns against ≈ 50 ns, measured).
 */
export function msText(ms: number): string {
  // The strategies deciding on one bar name it several times (an exit and an entry, each strategy).
  if (ms === last.ms) return last.text;
  if (!(ms >= 1e8 && ms <= Number.MAX_SAFE_INTEGER && Number.isInteger(ms))) return String(ms);
  const high = Math.floor(ms / 1e8);
  // 1e8 + the low eight digits, without its leading 1: the low part zero-padded to eight digits.
  const text = `${high}${String(ms - high * 1e8 + 1e8).slice(1)}`;
  last.ms = ms;
  last.text = text;
  return text;
}

const last = { ms: Number.NaN, text: 'NaN' };
