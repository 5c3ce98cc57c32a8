import type { Bar } from '../domain/bar.ts';
import type { PriceTick } from '../domain/tick.ts';

/** Funding of one market as strategies see it: per epoch, positive = that side pays. */
export interface FundingView {
  readonly rateLong: number;
  readonly rateShort: number;
  readonly nextFundingTime: number;
}

const NONE: readonly Bar[] = Object.freeze([]);

/** The last `capacity` bars of one market; the ordered array is built only when someone reads it. */
class BarRing {
  private readonly slots: (Bar | undefined)[];
  private next = 0;
  private count = 0;
  private view: readonly Bar[] | undefined;

  constructor(capacity: number) {
    this.slots = new Array<Bar | undefined>(capacity).fill(undefined);
  }

  push(bar: Bar): void {
    this.slots[this.next] = bar;
    this.next = (this.next + 1) % this.slots.length;
    if (this.count < this.slots.length) this.count++;
    this.view = undefined;
  }

  ordered(): readonly Bar[] {
    if (this.view === undefined) {
      const out: Bar[] = [];
      const cap = this.slots.length;
      for (let i = this.count; i > 0; i--) out.push(this.slots[(this.next - i + cap) % cap] as Bar);
      this.view = Object.freeze(out);
    }
    return this.view;
  }
}

/**
 * The latest price and the recent closed bars of each market, shared by every strategy of a
 * process. Only closed bars are ever here: the forming one never reaches a strategy. The per-bar
 * path writes into a ring (no allocation); reading `recentBars` builds the ordered list once per bar.
 */
export class MarketData {
  private readonly prices = new Map<string, number>();
  private readonly bars = new Map<string, BarRing>();
  private readonly funding = new Map<string, FundingView>();
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
    return this.bars.get(market)?.ordered() ?? NONE;
  }

  fundingOf(market: string): FundingView | undefined {
    return this.funding.get(market);
  }

  /** From the funding refresh (slowRefresh.funding$): Decimals become numbers here, for signals only. */
  onFunding(
    infos: readonly {
      symbol: string;
      rateLong: { toNumber(): number };
      rateShort: { toNumber(): number };
      nextFundingTime: number;
    }[],
  ): void {
    for (const f of infos)
      this.funding.set(f.symbol, {
        rateLong: f.rateLong.toNumber(),
        rateShort: f.rateShort.toNumber(),
        nextFundingTime: f.nextFundingTime,
      });
  }

  onTick(tick: PriceTick): void {
    this.prices.set(tick.symbol, tick.mark);
  }

  onBar(bar: Bar): void {
    this.prices.set(bar.symbol, bar.close);
    let ring = this.bars.get(bar.symbol);
    if (ring === undefined) {
      ring = new BarRing(this.keep);
      this.bars.set(bar.symbol, ring);
    }
    ring.push(bar);
  }
}
