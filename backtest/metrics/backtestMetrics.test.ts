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
