import type { EquityColumns } from './EquityPoint.ts';

const DAY = 86_400_000;
const YEAR = 365 * DAY;

/** Returns per period of an equity curve and how many such periods make a year. */
export interface PeriodReturns {
  /** r_i = e_i / e_(i−1) − 1 for each period after the first. */
  readonly returns: readonly number[];
  /** Number of periods (= returns.length + 1): backtesting.py counts the first as a 0 return. */
  readonly periods: number;
  readonly periodsPerYear: number;
}

/**
 * backtesting.py's convention: the last equity of each UTC day, and 365 days a year when more
 * than 60 % of 2/7 of the bars fall on a weekend (a market that trades every day), else 252.
 * Bars longer than a day (weekly, monthly) are their own periods, 365 days / bar interval a year.
 */
export function periodReturns(curve: EquityColumns, intervalMs: number): PeriodReturns {
  const { time, equity } = curve;
  const points: number[] = [];
  let weekend = 0;
  let day = Number.NaN;
  for (let i = 0; i < time.length; i++) {
    const t = time[i] as number;
    // 1970-01-01 was a Thursday: day 0 is weekday 4.
    const wd = (((Math.floor(t / DAY) + 4) % 7) + 7) % 7;
    if (wd === 0 || wd === 6) weekend++;
    const d = intervalMs > DAY ? t : Math.floor(t / DAY);
    if (d === day) points[points.length - 1] = equity[i] as number;
    else points.push(equity[i] as number);
    day = d;
  }
  const returns: number[] = [];
  for (let i = 1; i < points.length; i++) returns.push((points[i] as number) / (points[i - 1] as number) - 1);
  const perYear =
    intervalMs > DAY ? YEAR / intervalMs : weekend / Math.max(time.length, 1) > (2 / 7) * 0.6 ? 365 : 252;
  return { returns, periods: points.length, periodsPerYear: perYear };
}
