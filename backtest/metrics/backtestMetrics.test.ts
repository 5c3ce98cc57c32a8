import { describe, expect, it } from 'vitest';
import { PositionSide } from '../../src/domain/side.ts';
import { backtestMetrics } from './backtestMetrics.ts';
import type { TradeRecord } from './TradeRecord.ts';

const DAY = 86_400_000;
const trade = (strategy: string, market: string, pnl: number): TradeRecord => ({
  strategy,
  market,
  side: PositionSide.LONG,
  quantity: 1,
  entryTime: 0,
  exitTime: DAY,
  entryPrice: 100,
  exitPrice: 100,
  pnl,
  fees: 0,
  funding: 0,
});
const days = (n: number) => Float64Array.from({ length: n }, (_, i) => i * DAY);
const flat = (n: number) => ({ time: days(n), equity: new Float64Array(n).fill(100) });
const market = (symbol: string, close: number[]) => ({
  symbol,
  time: days(close.length),
  close: Float64Array.from(close),
});
const BTC = market('BTCUSDT', [10, 20, 20, 40]);
const ETH = market('ETHUSDT', [50, 50, 50, 25]);
const TRADES = [trade('sma', 'BTCUSDT', 5), trade('rsi', 'ETHUSDT', -2)];

describe('backtestMetrics: buy & hold per group', () => {
  const m = backtestMetrics({ equity: flat(4), trades: TRADES, markets: [BTC, ETH] });

  it("gives each market its own buy & hold without a curve of its own, and the account the basket's", () => {
    expect(m.byMarket.BTCUSDT?.buyAndHoldReturn).toBe(3);
    expect(m.byMarket.ETHUSDT?.buyAndHoldReturn).toBe(-0.5);
    expect(m.byMarket.BTCUSDT?.trades).toBe(1);
    expect(m.byMarket.BTCUSDT?.netPnl).toBe(5);
    expect(m.overall.buyAndHoldReturn).toBeCloseTo(1.25, 12); // (40/10 + 25/50) / 2 − 1
  });

  it('gives a strategy no buy & hold without its own curve, and the basket with one', () => {
    expect(m.byStrategy.sma?.buyAndHoldReturn).toBeNull();
    const own = backtestMetrics({
      equity: flat(4),
      trades: TRADES,
      markets: [BTC, ETH],
      strategyEquity: { sma: flat(4) },
    });
    expect(own.byStrategy.sma?.buyAndHoldReturn).toBeCloseTo(1.25, 12);
    const none = backtestMetrics({ equity: flat(4), trades: TRADES, strategyEquity: { sma: flat(4) } });
    expect(none.byStrategy.sma?.buyAndHoldReturn).toBeNull();
  });

  it('measures a market with a curve of its own against that market only', () => {
    const own = backtestMetrics({
      equity: flat(4),
      trades: TRADES,
      markets: [BTC, ETH],
      marketEquity: { ETHUSDT: { time: days(4), equity: Float64Array.from([500, 500, 500, 250]) } },
    });
    expect(own.byMarket.ETHUSDT?.buyAndHoldReturn).toBe(-0.5);
    expect(own.byMarket.ETHUSDT?.beta).toBeCloseTo(1, 12);
  });

  it("takes a market's buy & hold from its own curve when it has one, even on fewer bars than the account", () => {
    const own = backtestMetrics({
      equity: flat(4),
      trades: TRADES,
      markets: [BTC, ETH],
      marketEquity: { BTCUSDT: { time: days(4).subarray(1), equity: Float64Array.from([100, 100, 100]) } },
    });
    expect(own.byMarket.BTCUSDT?.buyAndHoldReturn).toBe(1); // 20 → 40 over its own days 1–3, not 10 → 40
  });
});

describe("backtestMetrics: a lone group on the account's curve", () => {
  const rising = () => ({ time: days(5), equity: Float64Array.from([100, 104, 101, 108, 107]) });

  it('gives the figures computed from a copy of the curve when the group has the account curve itself', () => {
    const account = rising();
    const trades = [trade('sma', 'BTCUSDT', 5), trade('sma', 'BTCUSDT', -2)];
    const btc = market('BTCUSDT', [10, 20, 15, 40, 30]);
    const shared = backtestMetrics({
      equity: account,
      trades,
      markets: [btc],
      strategyEquity: { sma: account },
      marketEquity: { BTCUSDT: account },
    });
    const copied = backtestMetrics({
      equity: account,
      trades,
      markets: [btc],
      strategyEquity: { sma: rising() },
      marketEquity: { BTCUSDT: rising() },
    });
    expect(shared).toStrictEqual(copied);
    expect(shared.byStrategy.sma).toStrictEqual(shared.overall);
  });

  it("keeps a group's own trades when it shares the account curve with another group", () => {
    const account = rising();
    const m = backtestMetrics({ equity: account, trades: TRADES, strategyEquity: { sma: account } });
    expect(m.overall.trades).toBe(2);
    expect(m.byStrategy.sma?.trades).toBe(1);
    expect(m.byStrategy.sma?.netPnl).toBe(5);
  });

  it('measures a group with every trade but a curve of its own on that curve', () => {
    const own = { time: days(5), equity: Float64Array.from([100, 100, 100, 100, 150]) };
    const m = backtestMetrics({
      equity: rising(),
      trades: [trade('sma', 'BTCUSDT', 5)],
      strategyEquity: { sma: own },
    });
    expect(m.overall.totalReturn).toBeCloseTo(0.07, 12);
    expect(m.byStrategy.sma?.totalReturn).toBe(0.5);
  });

  it("keeps a market's own buy & hold when it has every trade but the account holds other markets", () => {
    const account = rising();
    const m = backtestMetrics({
      equity: account,
      trades: [trade('sma', 'BTCUSDT', 5)],
      markets: [market('BTCUSDT', [10, 20, 20, 20, 40]), market('ETHUSDT', [50, 50, 50, 50, 25])],
      marketEquity: { BTCUSDT: account },
    });
    expect(m.byMarket.BTCUSDT?.buyAndHoldReturn).toBe(3);
    expect(m.overall.buyAndHoldReturn).toBeCloseTo(1.25, 12);
  });
});

describe('backtestMetrics: warnings and funding sources', () => {
  it('warns about annualised figures on a short run only', () => {
    const short = backtestMetrics({ equity: flat(4), trades: [] });
    expect(short.warnings).toHaveLength(1);
    expect(short.warnings[0]).toContain('extrapolated from 3 days of data');
    expect(backtestMetrics({ equity: flat(40), trades: [] }).warnings).toEqual([]);
  });

  it('passes the funding sources on when given, and has no such key otherwise', () => {
    const sources = { BTCUSDT: { kind: 'constant', rate: 0.0001 } } as const;
    expect(
      backtestMetrics({ equity: flat(4), trades: [], fundingSources: sources }).fundingSources,
    ).toStrictEqual(sources);
    expect('fundingSources' in backtestMetrics({ equity: flat(4), trades: [] })).toBe(false);
  });
});
