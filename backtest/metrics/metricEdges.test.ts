/**
 * Edges of the trade and drawdown figures that the hand-computed tests pass by: trades listed out
 * of entry order, a curve with no points, one-sided trade lists, a curve that never falls or falls
 * from its first point for good (StrykerJS survivors of 2026-11-26, test/MUTATIONS.md).
 */
import { describe, expect, it } from 'vitest';
import { PositionSide } from '../../src/domain/side.ts';
import { drawdown } from './drawdown.ts';
import { type EquityPoint, equityColumns } from './EquityPoint.ts';
import type { TradeRecord } from './TradeRecord.ts';
import { exposureTime, tradeMetrics } from './tradeMetrics.ts';

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
const curveOf = (...equity: number[]): EquityPoint[] =>
  equity.map((e, i) => ({ time: i * 1_000, equity: e }));
const flat = (n: number) => curveOf(...Array<number>(n).fill(100));

describe('exposure time', () => {
  it('is the same whatever order the trades are listed in', () => {
    const early = trade({ entryTime: 1, exitTime: 2 });
    const late = trade({ entryTime: 6, exitTime: 7 });
    const times = flat(10).map((p, i) => ({ ...p, time: i }));
    expect(exposureTime([late, early], times)).toBe(0.4);
    expect(exposureTime([early, late], times)).toBe(0.4);
  });

  it('is N/A on a curve without points, not NaN', () => {
    expect(exposureTime([trade({})], [])).toBeNull();
  });
});

describe('Kelly criterion', () => {
  it('is N/A with winners only or losers only: there is no win/loss ratio', () => {
    const win = trade({ pnl: 10 });
    const loss = trade({ pnl: -5 });
    expect(tradeMetrics([win, win], flat(3)).kellyCriterion).toBeNull();
    expect(tradeMetrics([loss, loss], flat(3)).kellyCriterion).toBeNull();
  });
});

describe('drawdown edges', () => {
  it('finds no drawdown, and no duration, on a curve that never falls', () => {
    expect(drawdown(equityColumns(curveOf(100, 110, 120, 120, 130)))).toStrictEqual({
      max: 0,
      maxDurationMs: 0,
      average: 0,
      averageDurationMs: 0,
    });
  });

  it('counts a fall from the very first point that never recovers as one drawdown to the last point', () => {
    const d = drawdown(equityColumns(curveOf(100, 90, 80, 85)));
    expect(d.maxDurationMs).toBe(3_000);
    expect(d.averageDurationMs).toBe(3_000);
    expect(d.average).toBeCloseTo(0.2, 12);
    expect(d.max).toBeCloseTo(0.2, 12);
  });
});
