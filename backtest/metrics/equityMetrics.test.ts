import { describe, expect, it } from 'vitest';
import type { EquityPoint } from './EquityPoint.ts';
import { equityMetrics } from './equityMetrics.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MON = Date.UTC(2024, 0, 1);
/** Closing equity on consecutive days from Monday 2024-01-01. */
const daily = (...equity: number[]): EquityPoint[] =>
  equity.map((e, i) => ({ time: MON + i * DAY, equity: e }));

describe('equityMetrics on a hand-computed weekday curve 100, 110, 99, 99, 118.8', () => {
  // Day returns +10 %, −10 %, 0, +20 %; no weekend bars, so 252 periods a year (backtesting.py's rule).
  const m = equityMetrics(daily(100, 110, 99, 99, 118.8));
  // Geometric mean of the 4 day returns (backtesting.py 9c2b8e1 drops the first day's missing return).
  const g = 1.188 ** (1 / 4) - 1;
  const annual = (1 + g) ** 252 - 1;
  const variance = 0.05 / 3; // deviations from 0.05: ±0.05, ±0.15 → squares sum 0.05, n − 1 = 3
  const vol = Math.sqrt((variance + (1 + g) ** 2) ** 252 - (1 + g) ** 504);

  it('total return is the last over the first equity minus one', () => {
    expect(m.totalReturn).toBeCloseTo(0.188, 12);
  });
  it('annualised return compounds the geometric mean day return over 252 days', () => {
    expect(m.annualReturn).toBeCloseTo(annual, 6);
  });
  it('Sharpe is the annual return over the compounded annual volatility (sample variance, risk-free 0)', () => {
    expect(m.annualVolatility).toBeCloseTo(vol, 6);
    expect(m.sharpe).toBeCloseTo(annual / vol, 9);
  });
  it('Sortino divides by the root mean square of the negative day returns (0.05) times √252', () => {
    expect(m.sortino).toBeCloseTo(annual / (0.05 * Math.sqrt(252)), 6);
  });
  it('max drawdown is 10 % (110 → 99), lasting 3 days until 118.8 passes the peak', () => {
    expect(m.maxDrawdown).toBeCloseTo(0.1, 12);
    expect(m.maxDrawdownDurationMs).toBe(3 * DAY);
  });
  it('Calmar is the annual return over the max drawdown', () => {
    expect(m.calmar).toBeCloseTo(annual / 0.1, 4);
  });
});

describe('equityMetrics conventions', () => {
  it('uses 365 days a year when the market trades on weekends', () => {
    // 7 consecutive days from Monday: 2 of 7 bars on a weekend > 60 % of 2/7.
    const m = equityMetrics(daily(100, 101, 102, 103, 104, 105, 106));
    expect(m.annualReturn).toBeCloseTo(1.06 ** (365 / 6) - 1, 9);
  });

  it('resamples hourly bars to the last equity of each UTC day', () => {
    const hourly: EquityPoint[] = [
      { time: MON, equity: 100 },
      { time: MON + 23 * HOUR, equity: 200 }, // Monday's close
      { time: MON + DAY, equity: 50 },
      { time: MON + DAY + 23 * HOUR, equity: 220 }, // Tuesday's close: +10 % on the day
    ];
    const m = equityMetrics(hourly);
    expect((m.annualReturn as number) / (1.1 ** 252 - 1)).toBeCloseTo(1, 9);
    expect(m.maxDrawdown).toBeCloseTo(0.75, 12); // intraday points still count for the drawdown
  });

  it('resamples monthly bars to calendar months, 12 a year (a 29-to-31-day median spacing)', () => {
    const curve = [100, 110, 121].map((e, i) => ({ time: Date.UTC(2024, i, 1), equity: e }));
    expect(equityMetrics(curve).annualReturn).toBeCloseTo(1.1 ** 12 - 1, 9);
  });

  it('resamples weekly bars to weeks ending Sunday, 52 a year', () => {
    const curve = [100, 110, 121].map((e, i) => ({ time: MON + i * 7 * DAY, equity: e }));
    expect(equityMetrics(curve).annualReturn).toBeCloseTo(1.1 ** 52 - 1, 9);
  });

  it('CAGR compounds the total return over the years of 365.25 days between the first and last point', () => {
    const m = equityMetrics(daily(100, 90, 121));
    expect(m.cagr).toBeCloseTo(1.21 ** (365.25 / 2) - 1, 6);
    expect(m.equityPeak).toBe(121);
    expect(m.durationMs).toBe(2 * DAY);
  });

  it('averages the drawdowns: each from a peak to the next point back at it, its depth the deepest point', () => {
    // 100 → 90 (−10 %) back at 100 after 2 days; 120 → 90 (−25 %) → 96 → 97 never back: 3 days.
    const m = equityMetrics(daily(100, 90, 100, 120, 90, 96, 97));
    expect(m.maxDrawdown).toBeCloseTo(0.25, 12);
    expect(m.averageDrawdown).toBeCloseTo((0.1 + 0.25) / 2, 12);
    expect(m.maxDrawdownDurationMs).toBe(3 * DAY);
    // 2.5 days, rounded up to the data's unit (whole days), as backtesting.py rounds.
    expect(m.averageDrawdownDurationMs).toBe(3 * DAY);
  });

  it('a fall at the very last point counts for the max drawdown but is no drawdown episode (as backtesting.py)', () => {
    const m = equityMetrics(daily(100, 110, 99));
    expect(m.maxDrawdown).toBeCloseTo(0.1, 12);
    expect(m.averageDrawdown).toBe(0);
    expect(m.maxDrawdownDurationMs).toBe(0);
  });

  it('counts a drawdown never recovered until the last point', () => {
    expect(equityMetrics(daily(100, 120, 90, 100)).maxDrawdownDurationMs).toBe(2 * DAY);
  });
});

describe('equityMetrics on tiny samples answers N/A (null), never NaN or Infinity', () => {
  it('a single point has only its equity', () => {
    const m = equityMetrics(daily(100));
    expect(m).toMatchObject({
      startEquity: 100,
      finalEquity: 100,
      totalReturn: null,
      sharpe: null,
      calmar: null,
    });
  });
  it('a flat curve has no volatility, downside or drawdown to divide by', () => {
    const m = equityMetrics(daily(100, 100, 100));
    expect(m).toMatchObject({ totalReturn: 0, annualReturn: 0, sharpe: null, sortino: null, calmar: null });
    expect(m.maxDrawdown).toBe(0);
    expect(m.maxDrawdownDurationMs).toBe(0);
  });
  it('a curve that rises every day has no Sortino (no losing day)', () => {
    expect(equityMetrics(daily(100, 101, 103)).sortino).toBeNull();
  });
  it('two bars within one day give no day return to annualise', () => {
    const m = equityMetrics([
      { time: MON, equity: 100 },
      { time: MON + HOUR, equity: 90 },
    ]);
    expect(m.totalReturn).toBeCloseTo(-0.1, 12);
    expect(m.annualReturn).toBeNull();
    expect(m.sharpe).toBeNull();
  });
  it('a curve that loses everything has no geometric mean', () => {
    expect(equityMetrics(daily(100, 0, 0)).annualReturn).toBeNull();
  });
});

describe('equityMetrics on columns', () => {
  it('gives the very figures of the same curve as points', () => {
    const points = daily(100, 110, 99, 99, 118.8, 117, 125);
    const columns = {
      time: Float64Array.from(points, (p) => p.time),
      equity: Float64Array.from(points, (p) => p.equity),
    };
    expect(equityMetrics(columns)).toEqual(equityMetrics(points));
  });
});

describe('equityMetrics edges (StrykerJS survivors of 2026-11-26, test/MUTATIONS.md)', () => {
  it('answers N/A from a start at 0 or below', () => {
    expect(equityMetrics(daily(0, 10)).totalReturn).toBeNull();
    expect(equityMetrics(daily(-10, 10)).totalReturn).toBeNull();
  });
  it('a flat curve has a volatility of 0; one day return has none (no sample variance)', () => {
    expect(equityMetrics(daily(100, 100, 100)).annualVolatility).toBe(0);
    expect(equityMetrics(daily(100, 110)).annualVolatility).toBeNull();
    expect(equityMetrics(daily(100, 100)).annualVolatility).toBeNull();
    expect(equityMetrics(daily(100, 110)).annualReturn).not.toBeNull();
  });
  it('a nearly flat curve whose compounded variance rounds below 0 has no volatility, not NaN', () => {
    expect(
      equityMetrics(daily(100, 100.01, 100.02000100000001, 100.03000300010001)).annualVolatility,
    ).toBeNull();
  });
  it('has no CAGR over no time, or when it is beyond a double', () => {
    expect(
      equityMetrics([
        { time: MON, equity: 100 },
        { time: MON, equity: 90 },
      ]).cagr,
    ).toBeNull();
    expect(
      equityMetrics([
        { time: MON, equity: 100 },
        { time: MON + 1_000, equity: 200 },
      ]).cagr,
    ).toBeNull();
  });
  it('two bars within one day have no volatility either', () => {
    const m = equityMetrics([
      { time: MON, equity: 100 },
      { time: MON + HOUR, equity: 90 },
    ]);
    expect(m.annualVolatility).toBeNull();
    expect(m.sortino).toBeNull();
  });
});
