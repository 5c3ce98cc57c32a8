import { describe, expect, it } from 'vitest';
import type { Bar } from '../../src/domain/bar.ts';
import { MarketSymbol } from '../../src/domain/ids.ts';
import { indicatorWarmupOf } from '../../src/strategy/defineStrategy.ts';
import { Atr, RollingMax, runOnBars, staticBook, validateStrategyParams } from '../../src/strategy/index.ts';
import breakout from './index.ts';

const S = MarketSymbol('ETHUSDT');
const H = 3_600_000;
/** Bars with a 2-wide range around `mid`: high mid+1, low mid−1, so every true range is 2 (ATR 2). */
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

describe('breakout', () => {
  it('opens long on a close above the previous channel high with TP and SL sized by ATR', () => {
    const r = runOnBars(breakout, bars([100, 100, 100, 100, 102]), { params: PARAMS });
    expect(r.decisions).toHaveLength(1);
    const [open, tpsl] = r.decisions[0]?.intents ?? [];
    expect(r.decisions[0]?.bar.openTime).toBe(4 * H);
    expect(open?.kind === 'open' && [open.side, open.quantity.toString(), open.leverage]).toEqual([
      'LONG',
      '2',
      4,
    ]);
    // ATR(2) after the jump bar: true ranges 2,2,2,2,3 (|103−100|) → RMA-smoothed to 2.5.
    expect(tpsl?.kind === 'setTpSl' && [tpsl.takeProfit?.toString(), tpsl.stopLoss?.toString()]).toEqual([
      '109.5',
      '98.25',
    ]);
  });

  it('opens short on a close below the previous channel low', () => {
    const r = runOnBars(breakout, bars([100, 100, 100, 100, 97]), { params: PARAMS });
    const [open] = r.decisions[0]?.intents ?? [];
    expect(open?.kind === 'open' && open.side).toBe('SHORT');
  });

  it('does not enter again while it holds a position on the market', () => {
    const book = staticBook([
      { strategyId: 'breakout', market: 'ETHUSDT', side: 'LONG', quantity: 2, entryPrice: 100 },
    ]);
    const r = runOnBars(breakout, bars([100, 100, 100, 100, 102]), { params: PARAMS, book });
    expect(r.decisions).toEqual([]);
  });

  it('stays out while the close is inside the channel', () => {
    const r = runOnBars(breakout, bars([100, 101, 99, 100, 100.5, 99.5]), { params: PARAMS });
    expect(r.decisions).toEqual([]);
  });
});

describe('breakout indicatorWarmup', () => {
  it.each([
    [20, 14],
    [3, 2],
    [5, 14],
    [5, 6],
  ])(
    'period %i / ATR %i: the bars before the channel of the bars before and the ATR both have a value',
    (period, atrPeriod) => {
      const highs = new RollingMax(period);
      const atr = new Atr(atrPeriod);
      // The channel a bar is compared with is the one up to the bar before it.
      let channel = Number.NaN;
      let leading = 0;
      for (const bar of bars(Array.from({ length: 50 }, (_, i) => 100 + i))) {
        const before = channel;
        channel = highs.step(bar.high);
        const range = atr.step(bar);
        if (!Number.isNaN(before) && !Number.isNaN(range)) break;
        leading++;
      }
      const params = validateStrategyParams(breakout, { ...PARAMS, period, atrPeriod });
      expect(indicatorWarmupOf(breakout, params)).toBe(leading);
    },
  );
});
