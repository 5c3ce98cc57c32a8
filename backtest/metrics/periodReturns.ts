import type { EquityPoint } from './EquityPoint.ts';

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
export function periodReturns(curve: readonly EquityPoint[], intervalMs: number): PeriodReturns {
  const points: number[] = [];
  let weekend = 0;
  let day = Number.NaN;
  for (const p of curve) {
    const wd = new Date(p.time).getUTCDay();
    if (wd === 0 || wd === 6) weekend++;
    const d = intervalMs > DAY ? p.time : Math.floor(p.time / DAY);
    if (d === day) points[points.length - 1] = p.equity;
    else points.push(p.equity);
    day = d;
  }
  const returns: number[] = [];
  for (let i = 1; i < points.length; i++) returns.push((points[i] as number) / (points[i - 1] as number) - 1);
  const perYear =
    intervalMs > DAY ? YEAR / intervalMs : weekend / Math.max(curve.length, 1) > (2 / 7) * 0.6 ? 365 : 252;
  return { returns, periods: points.length, periodsPerYear: perYear };
}
