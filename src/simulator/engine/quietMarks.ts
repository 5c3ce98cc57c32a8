import type { EngineCore } from './EngineCore.ts';
import { SOLE, soleAfloatBand, soleUnderwater } from './liquidation.ts';

/** Prices strictly between `lo` and `hi`. */
export interface QuietBand {
  readonly lo: number;
  readonly hi: number;
}

/** No price is known quiet without asking. */
const NO_BAND: QuietBand = { lo: Number.NaN, hi: Number.NaN };

/**
 * Whether a mark at `price` on `symbol` would only be stored: no LIMIT, TP/SL or isolated
 * liquidation triggers, and no cross account falls below maintenance. Answered for no cross
 * exposure or one account holding this market alone; any other book is not quiet (a backtest's
 * quiet run then walks bar by bar).
 */
export function quietAt(h: EngineCore, symbol: string, price: number): boolean {
  const w = h.watchOfSymbol(symbol);
  if (w.mayTrigger(price)) return false;
  return w.crossSubs.size === 0 || soleUnderwater(h, w, symbol, price) === SOLE.afloat;
}

/**
 * Prices strictly inside are quiet on `symbol` (quietAt would pass them) while the book stays as
 * it is: the trigger band, cut short of the sole cross account's liquidation level
 * (soleAfloatBand). A price outside may be quiet all the same: ask quietAt.
 */
export function quietBand(h: EngineCore, symbol: string): QuietBand {
  const w = h.watchOfSymbol(symbol);
  if (w.crossSubs.size === 0) return { lo: w.downMax, hi: w.upMin };
  const b = soleAfloatBand(h, w, symbol);
  return b === undefined ? NO_BAND : { lo: Math.max(w.downMax, b.lo), hi: Math.min(w.upMin, b.hi) };
}
