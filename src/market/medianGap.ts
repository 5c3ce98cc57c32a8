import type { Bar } from '../domain/bar.ts';

/**
 * The median gap between consecutive bars of the same symbol (robust to weekends and missing bars
 * in daily data); undefined when no symbol has two bars. Expects each symbol's bars in time order.
 */
export function medianGap(bars: readonly Bar[]): number | undefined {
  const prev = new Map<string, number>();
  const gaps: number[] = [];
  for (const b of bars) {
    const p = prev.get(b.symbol);
    if (p !== undefined) gaps.push(b.openTime - p);
    prev.set(b.symbol, b.openTime);
  }
  if (gaps.length === 0) return undefined;
  gaps.sort((a, b) => a - b);
  return gaps[Math.floor(gaps.length / 2)];
}
