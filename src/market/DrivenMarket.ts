import { NEVER, type Observable } from 'rxjs';
import type { Bar } from '../domain/bar.ts';
import type { MarketSymbol } from '../domain/ids.ts';
import type { PriceTick } from '../domain/tick.ts';
import type { FundingInfo } from '../venue/VenuePort.ts';
import { FanOut } from './FanOut.ts';
import type { MarketFeed } from './MarketFeed.ts';

/**
 * A market whose marks and closed bars a driver pushes (the backtest, from its files): no poll, no
 * timer, and every push reaches its subscribers synchronously, so a bar on which nothing is in
 * flight costs the driver no await. Its prices are never stale: they are the data.
 */
export class DrivenMarket implements MarketFeed {
  readonly polls = 0;
  readonly staleChanges$: Observable<{ readonly symbol: MarketSymbol; readonly stale: boolean }> = NEVER;
  /** Per market, its three streams and last mark: one lookup per push. */
  private readonly lanes = new Map<string, Lane>();
  private hit: Lane | undefined;
  private readonly fundingStream = new FanOut<readonly FundingInfo[]>();
  /** The one bar interval of the data: a strategy asking for another hears nothing, and is named for it. */
  readonly intervalMs: number;

  constructor(intervalMs: number) {
    this.intervalMs = intervalMs;
  }

  ticks(symbol: MarketSymbol): Observable<PriceTick> {
    return this.lane(symbol).ticks.stream;
  }

  marks(symbol: MarketSymbol): Observable<PriceTick> {
    return this.lane(symbol).marks.stream;
  }

  bars(symbol: MarketSymbol, intervalMs: number): Observable<Bar> {
    return intervalMs === this.intervalMs ? this.lane(symbol).bars.stream : NEVER;
  }

  funding(): Observable<readonly FundingInfo[]> {
    return this.fundingStream.stream;
  }

  /** The markets' funding rates changed (a new epoch of the series): strategies read them on their next hook. */
  pushFunding(infos: readonly FundingInfo[]): void {
    this.fundingStream.push(infos);
  }

  /** The market's lane; a driver pushes one market's tick, marks and bar in a row, so the last one is kept at hand. */
  private lane(symbol: string): Lane {
    const hit = this.hit;
    if (hit !== undefined && hit.symbol === symbol) return hit;
    let l = this.lanes.get(symbol);
    if (l === undefined) {
      l = { symbol, ticks: new FanOut(), marks: new FanOut(), bars: new FanOut(), last: undefined };
      this.lanes.set(symbol, l);
    }
    this.hit = l;
    return l;
  }

  isStale(): boolean {
    return false;
  }

  latest(symbol: string): { readonly mark: number; readonly at: number } | undefined {
    const t = this.lanes.get(symbol)?.last;
    return t === undefined ? undefined : { mark: t.mark, at: t.ts };
  }

  /** How many listen to the market's ticks and to its marks (a backtest's quiet run asks, quietRun.ts). */
  hearers(symbol: string): { readonly ticks: number; readonly marks: number } {
    const l = this.lane(symbol);
    return { ticks: l.ticks.size, marks: l.marks.size };
  }

  /** A mark everyone hears: the executor first, then the strategies. */
  pushTick(tick: PriceTick): void {
    const lane = this.lane(tick.symbol);
    lane.last = tick;
    lane.marks.push(tick);
    lane.ticks.push(tick);
  }

  /** A mark only the executor hears: a point of the venue's walk through a forming bar. */
  pushMark(tick: PriceTick): void {
    const lane = this.lane(tick.symbol);
    lane.last = tick;
    lane.marks.push(tick);
  }

  /** A closed bar; it may be a view the driver moves on afterwards (subscribers keep nothing of it). */
  pushBar(bar: Bar): void {
    this.lane(bar.symbol).bars.push(bar);
  }

  complete(): void {
    for (const l of this.lanes.values()) for (const s of [l.ticks, l.marks, l.bars]) s.complete();
    this.fundingStream.complete();
  }
}

interface Lane {
  readonly symbol: string;
  readonly ticks: FanOut<PriceTick>;
  readonly marks: FanOut<PriceTick>;
  readonly bars: FanOut<Bar>;
  last: PriceTick | undefined;
}
