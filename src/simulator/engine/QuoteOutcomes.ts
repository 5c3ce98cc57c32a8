import { exactNumber } from '../../domain/exactNumber.ts';
import { VENUE_STATUSES, type VenueStatus } from '../../domain/venueStatus.ts';
import type { SimMarket } from '../markets.ts';
import type { Quote } from './state.ts';

/** What a backtest reads of a position once it is over: its end, market, realised PnL and funding. */
export interface QuoteOutcome {
  readonly status: VenueStatus;
  readonly market: SimMarket;
  /** Σ realised price PnL, all closes included, as a float. */
  readonly realizedPnl: number;
  /** Funding paid (positive) or received over its life, as a float. */
  readonly accumulatedFunding: number;
}

export function outcomeOf(q: Quote): QuoteOutcome {
  return {
    status: q.status,
    market: q.market,
    realizedPnl: exactNumber(q.realizedPnl),
    accumulatedFunding: exactNumber(q.accumulatedFunding),
  };
}

/**
 * The outcomes of forgotten positions, by their sequence number, in columns: 19 bytes a position
 * where the whole quote, its requests and their Decimals held about 1.5 KB.
 */
export class QuoteOutcomes {
  private readonly markets: readonly SimMarket[];
  /** Index in VENUE_STATUSES + 1; 0: nothing kept under that number. */
  private status = new Uint8Array(1024);
  private market = new Uint16Array(1024);
  private realized = new Float64Array(1024);
  private funding = new Float64Array(1024);

  constructor(markets: readonly SimMarket[]) {
    if (markets.length > 0xffff) throw new RangeError('QuoteOutcomes: more than 65535 markets');
    this.markets = markets;
  }

  /** Keeps `q`'s outcome under its sequence number `n` (≥ 1). */
  keep(n: number, q: Quote): void {
    const market = this.markets.indexOf(q.market);
    if (!(n >= 1 && market >= 0)) throw new Error(`QuoteOutcomes: cannot keep quote ${q.quoteId} as ${n}`);
    if (n > this.status.length) this.grow(n);
    const i = n - 1;
    this.status[i] = VENUE_STATUSES.indexOf(q.status) + 1;
    this.market[i] = market;
    this.realized[i] = exactNumber(q.realizedPnl);
    this.funding[i] = exactNumber(q.accumulatedFunding);
  }

  get(n: number): QuoteOutcome | undefined {
    const i = n - 1;
    const status = i >= 0 && i < this.status.length ? VENUE_STATUSES[(this.status[i] ?? 0) - 1] : undefined;
    const market = this.markets[this.market[i] ?? -1];
    if (status === undefined || market === undefined) return undefined;
    return { status, market, realizedPnl: this.realized[i] ?? 0, accumulatedFunding: this.funding[i] ?? 0 };
  }

  private grow(n: number): void {
    let size = this.status.length;
    while (size < n) size *= 2;
    this.status = widened(this.status, new Uint8Array(size));
    this.market = widened(this.market, new Uint16Array(size));
    this.realized = widened(this.realized, new Float64Array(size));
    this.funding = widened(this.funding, new Float64Array(size));
  }
}

/** `fresh` (a larger column) holding `old`'s values first. */
function widened<A extends Uint8Array | Uint16Array | Float64Array>(old: A, fresh: A): A {
  fresh.set(old);
  return fresh;
}
