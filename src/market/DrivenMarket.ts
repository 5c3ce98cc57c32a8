import { NEVER, type Observable, Subject } from 'rxjs';
import type { Bar } from '../domain/bar.ts';
import type { MarketSymbol } from '../domain/ids.ts';
import type { PriceTick } from '../domain/tick.ts';
import type { FundingInfo } from '../venue/VenuePort.ts';
import type { MarketFeed } from './MarketFeed.ts';

/**
 * A market whose marks and closed bars a driver pushes (the backtest, from its files): no poll, no
 * timer, and every push reaches its subscribers synchronously, so a bar on which nothing is in
 * flight costs the driver no await. Its prices are never stale: they are the data.
 */
export class DrivenMarket implements MarketFeed {
  readonly polls = 0;
  readonly staleChanges$: Observable<{ readonly symbol: MarketSymbol; readonly stale: boolean }> = NEVER;
  private readonly tickStreams = new Map<string, Subject<PriceTick>>();
  private readonly markStreams = new Map<string, Subject<PriceTick>>();
  private readonly barStreams = new Map<string, Subject<Bar>>();
  private readonly fundingStream = new Subject<readonly FundingInfo[]>();
  /** The one bar interval of the data: a strategy asking for another hears nothing, and is named for it. */
  readonly intervalMs: number;

  constructor(intervalMs: number) {
    this.intervalMs = intervalMs;
  }

  ticks(symbol: MarketSymbol): Observable<PriceTick> {
    return streamOf(this.tickStreams, symbol);
  }

  marks(symbol: MarketSymbol): Observable<PriceTick> {
    return streamOf(this.markStreams, symbol);
  }

  bars(symbol: MarketSymbol, intervalMs: number): Observable<Bar> {
    return intervalMs === this.intervalMs ? streamOf(this.barStreams, symbol) : NEVER;
  }

  private readonly last = new Map<string, PriceTick>();

  funding(): Observable<readonly FundingInfo[]> {
    return this.fundingStream;
  }

  /** The markets' funding rates changed (a new epoch of the series): strategies read them on their next hook. */
  pushFunding(infos: readonly FundingInfo[]): void {
    this.fundingStream.next(infos);
  }

  isStale(): boolean {
    return false;
  }

  latest(symbol: string): { readonly mark: number; readonly at: number } | undefined {
    const t = this.last.get(symbol);
    return t === undefined ? undefined : { mark: t.mark, at: t.ts };
  }

  /** A mark everyone hears: the executor first, then the strategies. */
  pushTick(tick: PriceTick): void {
    this.pushMark(tick);
    this.tickStreams.get(tick.symbol)?.next(tick);
  }

  /** A mark only the executor hears: a point of the venue's walk through a forming bar. */
  pushMark(tick: PriceTick): void {
    this.last.set(tick.symbol, tick);
    this.markStreams.get(tick.symbol)?.next(tick);
  }

  /** A closed bar; it may be a view the driver moves on afterwards (subscribers keep nothing of it). */
  pushBar(bar: Bar): void {
    this.barStreams.get(bar.symbol)?.next(bar);
  }

  complete(): void {
    for (const m of [this.tickStreams, this.markStreams, this.barStreams])
      for (const s of m.values()) s.complete();
  }
}

function streamOf<T>(streams: Map<string, Subject<T>>, symbol: string): Observable<T> {
  let s = streams.get(symbol);
  if (s === undefined) {
    s = new Subject<T>();
    streams.set(symbol, s);
  }
  return s;
}
