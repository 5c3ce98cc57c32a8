import { describe, expect, it } from 'vitest';
import type { Bar } from '../../src/domain/bar.ts';
import { MarketSymbol } from '../../src/domain/ids.ts';
import { runOnBars, staticBook } from '../../src/strategy/index.ts';
import breakout from '../../strategies/breakout/index.ts';

const S = MarketSymbol('ETHUSDT');
const H = 3_600_000;
const bars = (mids: readonly number[]): Bar[] =>
  mids.map((m, i) => ({
    symbol: S,
    openTime: i * H,
    intervalMs: H,
    open: m,
    high: m + 1,
    low: m - 1,
    close: m,
    volume: 0,
  }));
const PARAMS = { period: 3, atrPeriod: 2, takeProfitAtr: 3, stopLossAtr: 1.5, quantity: 2, leverage: 4 };

describe('breakout with its open still in flight', () => {
  it('does not enter again, on either side, while its open on the market has no outcome yet', () => {
    // The LONG open of an earlier breakout is at the venue, not filled: no position yet.
    const book = staticBook(
      [],
      [
        {
          strategyId: 'breakout',
          clientRequestId: 'c1',
          intentId: 'in_1',
          market: 'ETHUSDT',
          kind: 'open',
          side: 'LONG',
          quantity: 2,
        },
      ],
    );
    const down = runOnBars(breakout, bars([100, 100, 100, 100, 97]), { params: PARAMS, book });
    expect(down.decisions).toEqual([]);
    const up = runOnBars(breakout, bars([100, 100, 100, 100, 102]), { params: PARAMS, book });
    expect(up.decisions).toEqual([]);
  });

  it('enters once nothing of its own is in flight (the same bars, an empty book)', () => {
    expect(runOnBars(breakout, bars([100, 100, 100, 100, 97]), { params: PARAMS }).decisions).toHaveLength(1);
  });
});
