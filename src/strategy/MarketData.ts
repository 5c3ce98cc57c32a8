import type { Bar } from '../domain/bar.ts';
import type { PriceTick } from '../domain/tick.ts';
import { BarRing } from './BarRing.ts';
import { ColumnBarView } from './ColumnBarView.ts';

/** Funding of one market as strategies see it: per epoch, positive = that side pays. */
export interface FundingView {
  readonly rateLong: number;
  readonly rateShort: number;
  readonly nextFundingTime: number;
}

const NONE: readonly Bar[] = Object.freeze([]);

/** What is known of one market: its slot is found once per bar (or once per run), not per read. */
export class MarketSlot {
  /** NaN until known: a field that only ever holds doubles is updated in place, one that may hold undefined boxes each one. */
  private last = Number.NaN;
  readonly bars: BarRing;
  constructor(keep: number) {
    this.bars = new BarRing(keep);
  }
  get price(): number | undefined {
    return Number.isNaN(this.last) ? undefined : this.last;
  }
  set price(value: number) {
    this.last = value;
  }
  onBar(bar: Bar): void {
    this.last = bar.close;
    if (bar instanceof ColumnBarView) this.bars.follow(bar);
    else this.bars.push(bar);
  }
}

/**
 * The latest price and the recent closed bars of each market, shared by every strategy of a
 * process. Only closed bars are ever here: the forming one never reaches a strategy. The per-bar
 * path allocates nothing: a backtest's column view is followed by its row, any other bar's numbers
 * are copied into a ring (BarRing); reading `recentBars` builds the ordered list once per bar.
 */
export class MarketData {
  private readonly slots = new Map<string, MarketSlot>();
  private readonly funding = new Map<string, FundingView>();
  private readonly keep: number;

  /** `keep`: closed bars kept per market (the largest warmup of the strategies reading them). */
  constructor(keep: number) {
    this.keep = Math.max(1, keep);
  }

  /** The market's slot, made on first use. */
  slot(market: string): MarketSlot {
    let s = this.slots.get(market);
    if (s === undefined) {
      s = new MarketSlot(this.keep);
      this.slots.set(market, s);
    }
    return s;
  }

  price(market: string): number | undefined {
    return this.slots.get(market)?.price;
  }

  /** Closed bars of a market, oldest first, the newest last. */
  recentBars(market: string): readonly Bar[] {
    return this.slots.get(market)?.bars.ordered() ?? NONE;
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
    this.slot(tick.symbol).price = tick.mark;
  }

  onBar(bar: Bar): void {
    this.slot(bar.symbol).onBar(bar);
  }
}
