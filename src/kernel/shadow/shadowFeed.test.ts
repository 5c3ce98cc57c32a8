import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { MarketSymbol } from '../../domain/ids.ts';
import type { PriceTick } from '../../domain/tick.ts';
import { DrivenMarket } from '../../market/DrivenMarket.ts';
import type { MarketFeed } from '../../market/MarketFeed.ts';
import { shadowFeed } from './shadowFeed.ts';

const BTC = MarketSymbol('BTCUSDT');
const ETH = MarketSymbol('ETHUSDT');
const tick = (mark: number, ts: number, last?: number): PriceTick =>
  ({ symbol: BTC, mark, ts, ...(last === undefined ? {} : { last }) }) as PriceTick;

/** The marks the shadow's engine was given, as `setMark` takes them. */
function engine() {
  const marks: [string, number, number, number][] = [];
  return {
    marks,
    setMark: (s: string, mark: number, at?: number, last?: number) =>
      void marks.push([s, mark, at ?? 0, last ?? mark]),
  };
}

describe("a shadow's prices", () => {
  it("move its engine with every mark live's executor hears, ticks and marks between them, last price kept", () => {
    const live = new DrivenMarket(60_000);
    const e = engine();
    const { feed, mirror } = shadowFeed(live, e, [BTC]);
    live.pushTick(tick(100, 1, 101));
    live.pushMark(tick(102, 2)); // a point of the walk only the executor hears
    live.pushTick({ ...tick(103, 3), symbol: ETH }); // a market the shadow does not trade
    expect(e.marks).toEqual([
      ['BTCUSDT', 100, 1, 101],
      ['BTCUSDT', 102, 2, 102],
    ]);
    expect(feed.latest(BTC)).toEqual(live.latest(BTC));
    expect(feed.latest(BTC)).toEqual({ mark: 102, at: 2 });
    expect(feed.isStale(BTC)).toBe(false);
    const bars: unknown[] = [];
    const marks: number[] = [];
    feed.bars?.(BTC, 60_000).subscribe((b) => bars.push(b));
    feed.marks?.(BTC).subscribe((t) => marks.push(t.mark));
    const bar = { symbol: BTC, start: 0, open: 1, high: 1, low: 1, close: 1, volume: 0 } as never;
    live.pushBar(bar);
    live.pushMark(tick(104, 4));
    expect(bars).toEqual([bar]);
    expect(marks).toEqual([104]);
    mirror.unsubscribe();
    live.pushTick(tick(105, 5));
    expect(e.marks.map((m) => m[1])).toEqual([100, 102, 104]);
  });

  it('of a live feed with only ticks (no marks, no bars of its own): the ticks, and no marks or bars to offer', () => {
    const ticks = new Subject<PriceTick>();
    const stale = new Subject<{ symbol: MarketSymbol; stale: boolean }>();
    const live: MarketFeed = {
      ticks: () => ticks,
      isStale: () => true,
      latest: () => ({ mark: 7, at: 8 }),
      staleChanges$: stale,
      polls: 3,
    };
    const e = engine();
    const { feed } = shadowFeed(live, e, [BTC]);
    ticks.next(tick(100, 1));
    expect(e.marks).toEqual([['BTCUSDT', 100, 1, 100]]);
    expect(feed.marks).toBeUndefined();
    expect(feed.bars).toBeUndefined();
    expect(feed.isStale(BTC)).toBe(true);
    expect(feed.latest(BTC)).toEqual({ mark: 7, at: 8 });
    expect(feed.staleChanges$).toBe(stale);
    expect(feed.polls).toBe(0);
  });
});
