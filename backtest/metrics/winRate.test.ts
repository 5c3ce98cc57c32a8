import { describe, expect, it } from 'vitest';
import { PositionSide } from '../../src/domain/side.ts';
import type { TradeRecord } from './TradeRecord.ts';
import { tradeMetrics } from './tradeMetrics.ts';

const trade = (pnl: number): TradeRecord => ({
  strategy: 'sma',
  market: 'BTCUSDT',
  side: PositionSide.LONG,
  quantity: 1,
  entryTime: 0,
  exitTime: 1,
  entryPrice: 100,
  exitPrice: 100 + pnl,
  pnl,
  fees: 0,
  funding: 0,
});

describe('win rate', () => {
  it('counts a break-even trade (pnl 0) as not a win, as backtesting.py does', () => {
    const m = tradeMetrics([trade(10), trade(0), trade(-5), trade(0)], []);
    expect(m.winRate).toBe(1 / 4);
  });

  it('is 0 for trades that all broke even', () => {
    expect(tradeMetrics([trade(0), trade(0)], []).winRate).toBe(0);
  });
});
