import { describe, expect, it } from 'vitest';
import { PositionSide } from '../../src/domain/side.ts';
import { backtestMetrics } from './backtestMetrics.ts';
import type { EquityPoint } from './EquityPoint.ts';
import { formatMetric, groupThousands } from './formatMetric.ts';
import type { TradeRecord } from './TradeRecord.ts';
import { tradeMetrics } from './tradeMetrics.ts';

const trade = (o: Partial<TradeRecord>): TradeRecord => ({
  strategy: 'sma',
  market: 'BTCUSDT',
  side: PositionSide.LONG,
  quantity: 1,
  entryTime: 0,
  exitTime: 1,
  entryPrice: 100,
  exitPrice: 100,
  pnl: 0,
  fees: 0,
  funding: 0,
  ...o,
});
const curve = (n: number): EquityPoint[] => Array.from({ length: n }, (_, i) => ({ time: i, equity: 100 }));

// Returns on notional: +10 % (20 on 2 × 100), −10 % (−5 on 1 × 50), +20 % (20 on 4 × 25).
const TRADES = [
  trade({
    quantity: 2,
    entryPrice: 100,
    exitPrice: 110,
    pnl: 20,
    fees: 0.4,
    funding: 0.1,
    entryTime: 2,
    exitTime: 4,
  }),
  trade({
    side: PositionSide.SHORT,
    market: 'ETHUSDT',
    entryPrice: 50,
    exitPrice: 55,
    pnl: -5,
    fees: 0.2,
    funding: -0.3,
    entryTime: 4,
    exitTime: 5,
  }),
  trade({
    strategy: 'rsi',
    quantity: 4,
    entryPrice: 25,
    exitPrice: 30,
    pnl: 20,
    fees: 0.1,
    entryTime: 8,
    exitTime: 8,
  }),
];

describe('tradeMetrics on three hand-computed trades', () => {
  const m = tradeMetrics(TRADES, curve(10));
  it('counts trades, wins and net PnL', () => {
    expect(m.trades).toBe(3);
    expect(m.winRate).toBeCloseTo(2 / 3, 12);
    expect(m.netPnl).toBe(35);
    expect(m.averagePnl).toBeCloseTo(35 / 3, 12);
  });
  it('profit factor is Σ winning returns over |Σ losing returns|: 0.3 / 0.1', () => {
    expect(m.profitFactor).toBeCloseTo(3, 12);
  });
  it('expectancy is the mean return and the average trade the geometric mean', () => {
    expect(m.expectancy).toBeCloseTo(0.2 / 3, 12);
    expect(m.averageTrade).toBeCloseTo((1.1 * 0.9 * 1.2) ** (1 / 3) - 1, 12);
  });
  it('sums fees paid and funding paid (received funding counts negative)', () => {
    expect(m.feesPaid).toBeCloseTo(0.7, 12);
    expect(m.fundingPaid).toBeCloseTo(-0.2, 12);
  });
  it('exposure is the share of bars inside a trade, entry and exit bars included: 2,3,4,5,8 of 10', () => {
    expect(m.exposureTime).toBe(0.5);
  });
});

describe("tradeMetrics: backtesting.py's trade statistics on the same three trades", () => {
  const m = tradeMetrics(TRADES, curve(10));
  it('best and worst trade are the highest and lowest trade return', () => {
    expect(m.bestTrade).toBeCloseTo(0.2, 12);
    expect(m.worstTrade).toBeCloseTo(-0.1, 12);
  });
  it('trade durations are exit − entry: longest 2, mean 1 (ms bars, so whole ms)', () => {
    expect(m.maxTradeDurationMs).toBe(2);
    expect(m.averageTradeDurationMs).toBe(1);
  });
  it('SQN is √n × mean PnL / sample standard deviation of PnL', () => {
    const mean = 35 / 3;
    const sd = Math.sqrt(((20 - mean) ** 2 * 2 + (-5 - mean) ** 2) / 2);
    expect(m.sqn).toBeCloseTo((Math.sqrt(3) * mean) / sd, 12);
  });
  it('Kelly is win rate − loss rate / (mean win / mean loss): 2/3 − (1/3) / (20 / 5)', () => {
    expect(m.kellyCriterion).toBeCloseTo(2 / 3 - 1 / 3 / 4, 12);
  });
  it('the mean trade duration rounds up to the unit of the data (hours on hourly bars)', () => {
    const HOUR = 3_600_000;
    const hourly = Array.from({ length: 5 }, (_, i) => ({ time: i * HOUR, equity: 100 }));
    const two = [trade({ entryTime: 0, exitTime: HOUR }), trade({ entryTime: 0, exitTime: 2 * HOUR })];
    expect(tradeMetrics(two, hourly).averageTradeDurationMs).toBe(2 * HOUR);
  });
});

describe('tradeMetrics on tiny samples', () => {
  it('no trades: rates and averages are N/A, sums are 0', () => {
    expect(tradeMetrics([], curve(3))).toEqual({
      trades: 0,
      netPnl: 0,
      winRate: null,
      profitFactor: null,
      expectancy: null,
      averageTrade: null,
      averagePnl: null,
      exposureTime: 0,
      feesPaid: 0,
      fundingPaid: 0,
      bestTrade: null,
      worstTrade: null,
      maxTradeDurationMs: null,
      averageTradeDurationMs: null,
      sqn: null,
      kellyCriterion: null,
    });
  });
  it('only winners: the profit factor has no losses to divide by', () => {
    expect(tradeMetrics([TRADES[0] as TradeRecord], curve(3)).profitFactor).toBeNull();
  });
  it('prints null as N/A and fractions as percentages', () => {
    expect(formatMetric(null, 'ratio')).toBe('N/A');
    expect(formatMetric(0.1234, 'percent')).toBe('12.34 %');
    expect(formatMetric(3 * 86_400_000, 'ms')).toBe('3 d');
  });
  it('prints each figure at the precision its magnitude needs: significant digits, not two decimals', () => {
    expect(formatMetric(0.000022, 'percent')).toBe('0.0022 %');
    expect(formatMetric(5.220601851851852, 'percent')).toBe('522.1 %');
    expect(formatMetric(-2.189e-8, 'percent')).toBe('-0.000002189 %');
    expect(formatMetric(0.7138734, 'ratio')).toBe('0.7139');
    expect(formatMetric(10_009_136.6, 'money')).toBe('10009136.60');
    expect(groupThousands(formatMetric(-1234.5, 'money'))).toBe('-1,234.50');
    expect(formatMetric(0.00123456, 'money')).toBe('0.001235');
    expect(formatMetric(1.5 * 3_600_000, 'ms')).toBe('1.5 h');
    expect(formatMetric(46 * 86_400_000, 'ms')).toBe('46 d');
  });
});

describe('backtestMetrics groups by strategy and by market', () => {
  const m = backtestMetrics({ equity: curve(10), trades: TRADES, intervalMs: 1 });
  it('reports each group on its own trades, with equity figures N/A without its own curve', () => {
    expect(Object.keys(m.byStrategy)).toEqual(['rsi', 'sma']);
    expect(m.byStrategy.sma?.trades).toBe(2);
    expect(m.byStrategy.sma?.netPnl).toBe(15);
    expect(m.byStrategy.sma?.sharpe).toBeNull();
    expect(Object.keys(m.byMarket)).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(m.byMarket.ETHUSDT?.winRate).toBe(0);
    expect(m.byMarket.BTCUSDT?.exposureTime).toBe(0.4);
    expect(m.overall.trades).toBe(3);
  });
});
