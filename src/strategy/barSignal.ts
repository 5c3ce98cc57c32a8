import type { Bar } from '../domain/bar.ts';

/**
 * `${bar.symbol}:${bar.openTime}:${tag}`: the signal that names a decision on a bar, so the same
 * decision after a restart gets the same intent id. The text must never change (ids derive from
 * it); only the making is faster: the time printed by msText, and the bar's part kept for the next
 * decision on the same bar (an exit and an entry, or several strategies on one stream).
 */
export function barSignal(bar: Bar, tag: string): string {
  if (bar.openTime !== last.ms || bar.symbol !== last.symbol) {
    last.prefix = `${bar.symbol}:${msText(bar.openTime)}:`;
    last.ms = bar.openTime;
    last.symbol = bar.symbol;
  }
  return last.prefix + tag;
}

const last = { ms: Number.NaN, symbol: '', prefix: '' };

/**
 * String(ms) for an epoch-ms time, printed as two small integers: a 13-digit time is not a small
 * integer, and V8 prints such a double on its general path (≈ 120 ns against ≈ 50 ns, measured).
 */
export function msText(ms: number): string {
  if (!(ms >= 1e8 && ms <= Number.MAX_SAFE_INTEGER && Number.isInteger(ms))) return String(ms);
  const high = Math.floor(ms / 1e8);
  // 1e8 + the low eight digits, without its leading 1: the low part zero-padded to eight digits.
  return `${high}${String(ms - high * 1e8 + 1e8).slice(1)}`;
}
