import { NEVER, Subscription } from 'rxjs';
import type { MarketSymbol } from '../../domain/ids.ts';
import type { MarketFeed } from '../../market/MarketFeed.ts';
import type { SimEngine } from '../../simulator/engine/SimEngine.ts';

/**
 * A shadow's prices: its live kernel's stream itself (the same ticks, so the same bars, built
 * by the same rules), each mark moving the shadow's simulator first. The mirror subscribes before
 * the shadow kernel does, so the shadow's engine holds a mark before its strategies or executor
 * hear it: the shadow fills at the prices live's strategies decided on.
 */
export function shadowFeed(
  live: MarketFeed,
  engine: Pick<SimEngine, 'setMark'>,
  markets: readonly MarketSymbol[],
): { readonly feed: MarketFeed; readonly mirror: Subscription } {
  const marksOf = (s: MarketSymbol) => (live.marks === undefined ? live.ticks(s) : live.marks(s));
  const mirror = new Subscription();
  for (const symbol of markets)
    mirror.add(marksOf(symbol).subscribe((t) => engine.setMark(t.symbol, t.mark, t.ts, t.last ?? t.mark)));
  const feed: MarketFeed = {
    ticks: (s) => live.ticks(s),
    ...(live.marks === undefined ? {} : { marks: marksOf }),
    ...(live.bars === undefined ? {} : { bars: (s, ms) => live.bars?.(s, ms) ?? NEVER }),
    isStale: (s) => live.isStale(s),
    latest: (s) => live.latest(s),
    staleChanges$: live.staleChanges$,
    // The shadow reads no venue for its prices.
    polls: 0,
  };
  return { feed, mirror };
}
