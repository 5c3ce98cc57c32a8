import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { MarketSymbol } from '../../src/domain/ids.ts';
import type { PriceTick } from '../../src/domain/tick.ts';
import { TransientVenueError } from '../../src/errors/venueErrors.ts';
import { MarkPriceFeed } from '../../src/market/MarkPriceFeed.ts';

const T0 = Date.UTC(2026, 0, 1);
const BTC = MarketSymbol('BTCUSDT');
const ETH = MarketSymbol('ETHUSDT');

/** The venue's mark-prices read, scripted: each call logs (time, symbols) and runs `answer`. */
function venue(clock: VirtualClock, answer: (call: number) => Promise<void> = async () => {}) {
  const calls: string[] = [];
  return {
    calls,
    markPrices: async (symbols: readonly MarketSymbol[]): Promise<readonly PriceTick[]> => {
      calls.push(`${clock.now() - T0}:${symbols.join(',')}`);
      await answer(calls.length);
      return symbols.map((symbol) => ({ symbol, mark: 100, ts: clock.now() }));
    },
  };
}

describe('MarkPriceFeed', () => {
  it('sends one poll per interval for all subscribed symbols, shared by every subscriber', async () => {
    const clock = new VirtualClock(T0);
    const v = venue(clock);
    const feed = new MarkPriceFeed({ venue: v, clock, intervalMs: 1_000 });
    const got: string[] = [];
    const a = feed.ticks(BTC).subscribe((t) => got.push(`a:${t.symbol}`));
    const b = feed.ticks(BTC).subscribe((t) => got.push(`b:${t.symbol}`));
    const c = feed.ticks(ETH).subscribe((t) => got.push(`c:${t.symbol}`));
    await clock.advance(2_000);
    expect(v.calls).toEqual(['0:BTCUSDT,ETHUSDT', '1000:BTCUSDT,ETHUSDT', '2000:BTCUSDT,ETHUSDT']);
    expect(got.filter((g) => g.startsWith('a'))).toHaveLength(3);
    expect(got.filter((g) => g.startsWith('b'))).toHaveLength(3);
    expect(got.filter((g) => g.startsWith('c'))).toEqual(['c:ETHUSDT', 'c:ETHUSDT', 'c:ETHUSDT']);
    c.unsubscribe();
    await clock.advance(1_000);
    expect(v.calls.at(-1)).toBe('3000:BTCUSDT');
    a.unsubscribe();
    b.unsubscribe();
    expect(clock.pendingTimers).toBe(0);
  });

  it('skips the ticks that come while a slow poll is still running, never stacking polls', async () => {
    const clock = new VirtualClock(T0);
    const v = venue(clock, (n) => (n === 1 ? clock.sleep(2_500) : Promise.resolve()));
    const feed = new MarkPriceFeed({ venue: v, clock, intervalMs: 1_000 });
    const sub = feed.ticks(BTC).subscribe();
    await clock.advance(4_000);
    sub.unsubscribe();
    expect(v.calls).toEqual(['0:BTCUSDT', '3000:BTCUSDT', '4000:BTCUSDT']);
  });

  it('retries a transient failure with doubling backoff and honours a longer Retry-After', async () => {
    const clock = new VirtualClock(T0);
    const v = venue(clock, async (n) => {
      if (n === 1) throw new TransientVenueError('503');
      if (n === 2) throw new TransientVenueError('429', { retryAfterMs: 5_000 });
    });
    const feed = new MarkPriceFeed({
      venue: v,
      clock,
      intervalMs: 60_000,
      retry: { maxRetries: 3, firstDelayMs: 500, maxDelayMs: 10_000 },
    });
    const got: number[] = [];
    const sub = feed.ticks(BTC).subscribe((t) => got.push(t.ts - T0));
    await clock.advance(10_000);
    sub.unsubscribe();
    // call 1 at 0 fails → retry after 500; call 2 fails with Retry-After 5000 > backoff 1000.
    expect(v.calls).toEqual(['0:BTCUSDT', '500:BTCUSDT', '5500:BTCUSDT']);
    expect(got).toEqual([5_500]);
  });

  it('reports a poll that fails for good and keeps polling on the next tick', async () => {
    const clock = new VirtualClock(T0);
    const errors: string[] = [];
    const v = venue(clock, async (n) => {
      if (n === 1) throw new Error('401 bad key');
    });
    const feed = new MarkPriceFeed({
      venue: v,
      clock,
      intervalMs: 1_000,
      onError: (e) => errors.push(String(e)),
    });
    const sub = feed.ticks(BTC).subscribe();
    await clock.advance(1_000);
    sub.unsubscribe();
    expect(errors).toEqual(['Error: 401 bad key']);
    expect(v.calls).toEqual(['0:BTCUSDT', '1000:BTCUSDT']);
  });

  it('flags a symbol stale when prices stop arriving and clears it when they come back', async () => {
    const clock = new VirtualClock(T0);
    let down = false;
    const v = venue(clock, async () => {
      if (down) throw new TransientVenueError('503');
    });
    const feed = new MarkPriceFeed({
      venue: v,
      clock,
      intervalMs: 1_000,
      staleAfterMs: 2_500,
      retry: { maxRetries: 0, firstDelayMs: 1, maxDelayMs: 1 },
    });
    const changes: string[] = [];
    feed.staleChanges$.subscribe((c) => changes.push(`${clock.now() - T0}:${c.stale}`));
    const sub = feed.ticks(BTC).subscribe();
    await clock.advance(1_000);
    down = true;
    await clock.advance(3_000);
    expect(feed.isStale(BTC)).toBe(true);
    down = false;
    await clock.advance(1_000);
    sub.unsubscribe();
    expect(changes).toEqual(['4000:true', '5000:false']);
    expect(feed.isStale(BTC)).toBe(false);
  });
});
