import type { Observable } from 'rxjs';
import type { Bar } from '../domain/bar.ts';
import type { MarketSymbol } from '../domain/ids.ts';
import type { PriceTick } from '../domain/tick.ts';
import type { FundingInfo } from '../venue/VenuePort.ts';

/**
 * Where the kernel's marks (and, when a driver pushes them, its bars) come from. Live, dry run and
 * sim poll the venue (MarkPriceFeed, bars built from the marks); a backtest pushes the file's marks
 * and bars on its own clock (DrivenMarket). Nothing past this edge knows which.
 */
export interface MarketFeed {
  /** The marks strategies hear (onTick, the RxJS form, the bars built from them). */
  ticks(symbol: MarketSymbol): Observable<PriceTick>;
  /**
   * Every mark the venue moved through, for the executor's ledger and its TP/SL watch; undefined:
   * the same as `ticks`. A backtest's walk through a bar moves the venue's mark between the open
   * and the close tick the strategies hear: the executor must see a TP/SL level crossed there.
   */
  marks?(symbol: MarketSymbol): Observable<PriceTick>;
  /** The bars of a market at an interval when the feed has its own; undefined: build them from the marks. */
  bars?(symbol: MarketSymbol, intervalMs: number): Observable<Bar>;
  /** Funding rates as the driver pushes them; undefined: the kernel polls the venue's funding info. */
  funding?(): Observable<readonly FundingInfo[]>;
  isStale(symbol: MarketSymbol): boolean;
  /** The last mark of a market and the clock time it arrived. */
  latest(symbol: string): { readonly mark: number; readonly at: number } | undefined;
  readonly staleChanges$: Observable<{ readonly symbol: MarketSymbol; readonly stale: boolean }>;
  /** Venue reads made for prices (0 for a feed that is pushed). */
  readonly polls: number;
}
