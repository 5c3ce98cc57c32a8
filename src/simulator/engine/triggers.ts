import { isolatedLiquidationPrice, type MarkOf } from './accounting.ts';
import type { SymbolWatch } from './SymbolWatch.ts';
import type { Quote, Request, Subaccount } from './state.ts';

/** What a price move on one symbol sets off, in the order the engine must act on it. */
export type Hit =
  | { readonly kind: 'limit'; readonly request: Request }
  | { readonly kind: 'tpsl'; readonly quote: Quote; readonly which: 'take-profit' | 'stop-loss' }
  | { readonly kind: 'liquidate'; readonly quote: Quote };

/**
 * The triggers `price` crosses: resting LIMIT opens and closes (a long open or a short close
 * buys, so it fills when the price comes down to it), TP/SL (a long's TP at ≥, SL at ≤), and
 * isolated positions at their liquidation price. Pure: the engine acts on the result.
 */
export function dueTriggers(w: SymbolWatch, price: number): Hit[] {
  const hits: Hit[] = [];
  for (const r of w.limits) {
    if (r.status !== 'PENDING' && r.status !== 'CLOSE_PENDING') continue;
    // A LIMIT request always has its price; NaN never compares true.
    const limit = r.price?.toNumber() ?? Number.NaN;
    const buys = (r.kind === 'open') === (r.quote.side === 'LONG');
    if (buys ? price <= limit : price >= limit) hits.push({ kind: 'limit', request: r });
  }
  for (const q of w.tpsl) {
    const long = q.side === 'LONG';
    const tp = q.takeProfit?.toNumber();
    const sl = q.stopLoss?.toNumber();
    const tpHit = tp !== undefined && (long ? price >= tp : price <= tp);
    const slHit = sl !== undefined && (long ? price <= sl : price >= sl);
    if (tpHit || slHit) hits.push({ kind: 'tpsl', quote: q, which: tpHit ? 'take-profit' : 'stop-loss' });
  }
  for (const q of w.isolated) {
    const liq = isolatedLiquidationPrice(q);
    if (liq !== null && (q.side === 'LONG' ? price <= liq : price >= liq))
      hits.push({ kind: 'liquidate', quote: q });
  }
  return hits;
}

/** Whether a cross subaccount's equity is below its maintenance margin (float arithmetic, hot path). */
export function isUnderwater(sub: Subaccount, collateral: number, markOf: MarkOf): boolean {
  let equity = collateral;
  let mm = 0;
  for (const e of sub.exposures.values()) {
    const mark = markOf(e.market.spec.symbol);
    equity += mark * e.nNet - e.nCost;
    mm += mark * e.nGross * e.market.maintenanceMarginRate;
  }
  return equity < mm;
}
