import { exactNumber } from '../../domain/exactNumber.ts';
import { SlotList } from './SlotList.ts';
import type { Quote, Request, Subaccount } from './state.ts';

/**
 * Everything that a price move on one symbol can trigger: resting LIMIT opens and closes, TP/SL,
 * isolated liquidations. `upMin`/`downMax` bound the quiet band: a tick strictly inside it
 * triggers nothing, so the hot path is two comparisons when nothing is near a threshold.
 *
 * The band may be narrower than the thresholds allow, never wider: a watch that is added (or
 * moved) narrows it at once (`watchQuote`, `watchLimit`), one that is dropped leaves it as it
 * was. A tick in the part that nothing guards any more only costs a `dueTriggers` that finds
 * nothing and a `rebuild`: rebuilding at each drop cost every close O(watched positions), each
 * read as Decimal → number (186 µs an order with 1,000 TP/SL resting on the symbol).
 */
export class SymbolWatch {
  readonly live = new SlotList<'watchSlot', Quote>('watchSlot');
  /** The isolated subset of `live`: each has its own liquidation price. */
  readonly isolated = new Set<Quote>();
  readonly limits = new Set<Request>();
  readonly tpsl = new Set<Quote>();
  /** Subaccounts with cross exposure on this symbol: the only ones a tick can liquidate. */
  readonly crossSubs = new Set<Subaccount>();
  /** The member of `crossSubs` found last, kept to answer `soleCrossSub` without an iterator per tick. */
  private sole: Subaccount | undefined;
  upMin = Number.POSITIVE_INFINITY;
  downMax = Number.NEGATIVE_INFINITY;

  /** The one subaccount with cross exposure here, when there is exactly one. */
  soleCrossSub(): Subaccount | undefined {
    if (this.crossSubs.size !== 1) return undefined;
    const sole = this.sole;
    if (sole !== undefined && this.crossSubs.has(sole)) return sole;
    for (const sub of this.crossSubs) this.sole = sub;
    return this.sole;
  }

  mayTrigger(price: number): boolean {
    return price >= this.upMin || price <= this.downMax;
  }

  /** Narrows the band to a threshold `price` that the price reaches rising (or falling). */
  watchPrice(price: number, rising: boolean): void {
    if (rising) this.upMin = Math.min(this.upMin, price);
    else this.downMax = Math.max(this.downMax, price);
  }

  /** Narrows the band to a resting LIMIT's price, as `rebuild` reads it. */
  watchLimit(r: Request): void {
    const p = r.price?.toNumber();
    if (p === undefined) return;
    const buys = (r.kind === 'open') === (r.quote.side === 'LONG');
    this.watchPrice(p, !buys);
  }

  /** Narrows the band to a position's TP/SL and isolated liquidation price, if watched, as `rebuild` reads them. */
  watchQuote(q: Quote, isolatedLiquidation: (q: Quote) => number | null): void {
    const long = q.side === 'LONG';
    if (this.tpsl.has(q)) {
      if (q.takeProfit) this.watchPrice(exactNumber(q.takeProfit), long);
      if (q.stopLoss) this.watchPrice(exactNumber(q.stopLoss), !long);
    }
    if (this.isolated.has(q)) {
      const p = isolatedLiquidation(q);
      if (p !== null) this.watchPrice(p, !long);
    }
  }

  /** Recomputes the quiet band from every watched threshold. */
  rebuild(isolatedLiquidation: (q: Quote) => number | null): void {
    let up = Number.POSITIVE_INFINITY;
    let down = Number.NEGATIVE_INFINITY;
    const add = (price: number, rising: boolean): void => {
      if (rising) up = Math.min(up, price);
      else down = Math.max(down, price);
    };
    for (const r of this.limits) {
      const p = r.price?.toNumber();
      if (p === undefined) continue; // a LIMIT request always has its price
      // A long open and a short close buy: they fill when the price comes down to them.
      const buys = (r.kind === 'open') === (r.quote.side === 'LONG');
      add(p, !buys);
    }
    for (const q of this.tpsl) {
      const long = q.side === 'LONG';
      if (q.takeProfit) add(exactNumber(q.takeProfit), long);
      if (q.stopLoss) add(exactNumber(q.stopLoss), !long);
    }
    for (const q of this.isolated) {
      const p = isolatedLiquidation(q);
      if (p !== null) add(p, q.side === 'SHORT');
    }
    this.upMin = up;
    this.downMax = down;
  }
}
