import { GCProfiler, getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { MarketSymbol } from '../../src/domain/ids.ts';
import { ColumnBarView, defineStrategy, MarketData, StrategyHost } from '../../src/strategy/index.ts';
import { testRunner } from '../../src/strategy/testRunner.ts';

/**
 * Reads every field of the bar and counts; never trades. Its own work returns no double from a
 * call: V8 boxes a double that a call it did not inline returns, and that would be the
 * strategy's allocation, not the path's (an Sma.add in a hook is inlined or not at V8's choice).
 */
const quiet = defineStrategy({
  name: 'quiet',
  params: z.strictObject({}),
  warmup: 0,
  init: () => ({ seen: 0 }),
  onBar: (ctx, bar) => {
    const ok = bar.open > 0 && bar.high >= bar.low && bar.close > 0 && bar.volume >= 0 && bar.openTime >= 0;
    ctx.local.seen += ok && ctx.now >= 0 ? 1 : 0;
    return undefined;
  },
});

/** A full collection, from a test (V8's gc made callable once, in a context of its own). */
function fullGc(): void {
  setFlagsFromString('--expose-gc');
  const gc: unknown = runInNewContext('gc');
  if (typeof gc === 'function') gc();
}

describe('the bar path of a backtest', () => {
  // Rows restarting after the warm-up: MarketData copies each bar (a view that jumped is copied).
  // Rows going on from the warm-up: MarketData follows the view's rows without copying.
  it.each([
    ['copied', 0],
    ['followed', 200_000],
  ])(
    'allocates nothing per bar (%s): 2,000,000 bars through three strategies leave the heap where it was',
    (_how, from) => {
      const n = 2_000_000;
      const c = Float64Array.from({ length: n + from }, (_, i) => 100 + Math.sin(i / 50));
      const view = new ColumnBarView({
        symbol: MarketSymbol('BTCUSDT'),
        intervalMs: 60_000,
        time: Float64Array.from({ length: n + from }, (_, i) => i * 60_000),
        open: c,
        high: c,
        low: c,
        close: c,
        volume: new Float64Array(n + from),
      });
      // A real epoch: the time is a double, as in every backtest, not a small integer.
      const clock = new VirtualClock(Date.UTC(2026, 0, 1));
      const data = new MarketData(64);
      const host = new StrategyHost(data, () => {
        throw new Error('the quiet strategy traded');
      });
      for (const id of ['a', 'b', 'c']) {
        host.add(testRunner({ strategy: quiet, id, clock, data, hookBudgetMs: Number.POSITIVE_INFINITY }));
      }
      // Warm up: the JIT compiles the path (its own allocations are not per bar).
      for (let i = 0; i < 200_000; i++) {
        view.row = i;
        host.onBar(view);
      }
      // Bytes the run allocated: the used heap's growth plus what every collection during it freed,
      // after a full collection first, so no garbage of the setup is counted as the run's.
      const run = (): number => {
        fullGc();
        const gcs = new GCProfiler();
        gcs.start();
        const before = getHeapStatistics().used_heap_size;
        for (let i = from; i < n + from; i++) {
          view.row = i;
          host.onBar(view);
        }
        const after = getHeapStatistics().used_heap_size;
        let freed = 0;
        for (const g of gcs.stop()?.statistics ?? [])
          freed += g.beforeGC.heapStatistics.usedHeapSize - g.afterGC.heapStatistics.usedHeapSize;
        return after - before + freed;
      };
      // One 16-byte object per bar would be 32 MB here; the compiler's own work a few MB at most.
      expect(run()).toBeLessThan(8_000_000);
    },
  );
});
