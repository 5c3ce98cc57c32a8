import { describe, expect, it } from 'vitest';
import { PositionSide } from '../../src/domain/side.ts';
import type { TradeRecord } from './TradeRecord.ts';
import { exposureTime } from './tradeMetrics.ts';

const trade = (entryTime: number, exitTime: number): TradeRecord => ({
  strategy: 's',
  market: 'M',
  side: PositionSide.LONG,
  quantity: 1,
  entryTime,
  exitTime,
  entryPrice: 100,
  exitPrice: 100,
  pnl: 0,
  fees: 0,
  funding: 0,
});

/** The definition, point by point: the share of times inside some [entry, exit]. */
function inSomeSpan(trades: readonly TradeRecord[], time: Float64Array): number {
  let held = 0;
  for (const t of time) if (trades.some((s) => s.entryTime <= t && t <= s.exitTime)) held++;
  return held / time.length;
}

/** A small seeded generator: the same numbers on every run. */
function seeded(seed: number): () => number {
  let s = seed;
  return () => {
    s = (Math.imul(s, 1_103_515_245) + 12_345) >>> 0;
    return s / 2 ** 32;
  };
}

describe('exposureTime on a curve in time order', () => {
  it('counts the points inside some trade: ends on and between points, overlaps, repeated times, reversed spans', () => {
    const r = seeded(9);
    for (let round = 0; round < 300; round++) {
      const n = 1 + Math.floor(r() * 60);
      // Times that never decrease, some repeated.
      const time = new Float64Array(n);
      for (let i = 1; i < n; i++) time[i] = (time[i - 1] ?? 0) + (r() < 0.2 ? 0 : 1 + Math.floor(r() * 3));
      const end = time[n - 1] ?? 0;
      const at = () => (r() < 0.6 ? (time[Math.floor(r() * n)] ?? 0) : Math.floor(r() * (end + 4)) - 2 + 0.5);
      const trades = Array.from({ length: Math.floor(r() * 6) }, () => {
        const a = at();
        const b = r() < 0.1 ? a - 1 : a + Math.floor(r() * 12);
        return trade(a, b);
      });
      expect(exposureTime(trades, { time, equity: new Float64Array(n) }), `round ${round}`).toBe(
        inSomeSpan(trades, time),
      );
    }
  });

  it('takes the points of a span once however many trades cover them, and open-ended spans', () => {
    const time = Float64Array.from({ length: 10 }, (_, i) => i);
    const curve = { time, equity: new Float64Array(10) };
    expect(exposureTime([trade(2, 5), trade(3, 4), trade(5, 6)], curve)).toBe(0.5);
    expect(
      exposureTime([trade(Number.NEGATIVE_INFINITY, 1), trade(8, Number.POSITIVE_INFINITY)], curve),
    ).toBe(0.4);
  });

  it('counts a curve out of time order point by point', () => {
    const time = Float64Array.of(5, 0, 1);
    expect(exposureTime([trade(0, 1)], { time, equity: new Float64Array(3) })).toBe(2 / 3);
  });
});
