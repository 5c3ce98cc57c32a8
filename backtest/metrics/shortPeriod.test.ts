import { describe, expect, it } from 'vitest';
import { NO_EQUITY_METRICS } from './equityMetrics.ts';
import { fromDaysMark, shortPeriodDays, shortPeriodWarning } from './shortPeriod.ts';

const DAY = 86_400_000;

describe('short-period marks on annualised figures', () => {
  it('gives the span in days below 30 days, and nothing at 30 days or without a span', () => {
    expect(shortPeriodDays({ durationMs: 29.5 * DAY })).toBe(29.5);
    expect(shortPeriodDays({ durationMs: 30 * DAY })).toBeNull();
    expect(shortPeriodDays({ durationMs: null })).toBeNull();
  });

  it('writes one day in the singular, tenths from one day up and two significant digits below', () => {
    expect(fromDaysMark(1)).toBe('(from 1 day)');
    expect(fromDaysMark(12.34)).toBe('(from 12.3 days)');
    expect(fromDaysMark(0.123456)).toBe('(from 0.12 days)');
  });

  it('warns once in JSON with the figures concerned and the span to three digits, and not for a long run', () => {
    expect(shortPeriodWarning({ ...NO_EQUITY_METRICS, durationMs: 4.56789 * DAY })).toBe(
      'annualised figures (annualReturn, annualVolatility, cagr, sharpe, sortino, calmar) are extrapolated from 4.57 days of data, fewer than 30: they are not headline figures',
    );
    expect(shortPeriodWarning({ ...NO_EQUITY_METRICS, durationMs: 31 * DAY })).toBeNull();
  });
});
