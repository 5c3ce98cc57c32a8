import type { Bar } from '../domain/bar.ts';
import type { PriceTick } from '../domain/tick.ts';

const NONE: readonly Bar[] = Object.freeze([]);

/**
 * The latest price and the recent closed bars of each market, shared by every strategy of a
 * process. Only closed bars are ever here: the forming one never reaches a strategy.
 */
export class MarketData {
  private readonly prices = new Map<string, number>();
  private readonly bars = new Map<string, Bar[]>();
  private readonly keep: number;

  /** `keep`: closed bars kept per market (the largest warmup of the strategies reading them). */
  constructor(keep: number) {
    this.keep = Math.max(1, keep);
  }

  price(market: string): number | undefined {
    return this.prices.get(market);
  }

  /** Closed bars of a market, oldest first, the newest last. */
  recentBars(market: string): readonly Bar[] {
    return this.bars.get(market) ?? NONE;
  }

  onTick(tick: PriceTick): void {
    this.prices.set(tick.symbol, tick.mark);
  }

  onBar(bar: Bar): void {
    this.prices.set(bar.symbol, bar.close);
    let list = this.bars.get(bar.symbol);
    if (list === undefined) {
      list = [];
      this.bars.set(bar.symbol, list);
    }
    list.push(bar);
    if (list.length > this.keep) list.shift();
  }
}
