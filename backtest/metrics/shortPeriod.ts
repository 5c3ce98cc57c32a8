import type { EquityMetrics } from './equityMetrics.ts';

const DAY = 86_400_000;
/** Below this many days of data an annualised figure extrapolates more than it measures. */
export const SHORT_PERIOD_DAYS = 30;

/** The annualised figures: marked "(from N days)" when the data spans less than SHORT_PERIOD_DAYS. */
export const ANNUALISED: readonly (keyof EquityMetrics)[] = [
  'annualReturn',
  'annualVolatility',
  'cagr',
  'sharpe',
  'sortino',
  'calmar',
];

/** The data's span in days when it is too short to annualise with confidence, else null. */
export function shortPeriodDays(m: Pick<EquityMetrics, 'durationMs'>): number | null {
  if (m.durationMs === null) return null;
  const days = m.durationMs / DAY;
  return days < SHORT_PERIOD_DAYS ? days : null;
}

/** "(from 4 days)", "(from 0.5 days)": the span at a precision a person reads. */
export function fromDaysMark(days: number): string {
  const n = days >= 1 ? Math.round(days * 10) / 10 : Number(days.toPrecision(2));
  return `(from ${n} ${n === 1 ? 'day' : 'days'})`;
}

/** The JSON warning for a short run, or null. */
export function shortPeriodWarning(m: EquityMetrics): string | null {
  const days = shortPeriodDays(m);
  if (days === null) return null;
  return `annualised figures (${ANNUALISED.join(', ')}) are extrapolated from ${Number(days.toPrecision(3))} days of data, fewer than ${SHORT_PERIOD_DAYS}: they are not headline figures`;
}
