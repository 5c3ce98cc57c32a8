import { dataPeriodMs } from './dataPeriod.ts';
import type { EquityColumns } from './EquityPoint.ts';

const DAY = 86_400_000;

/** Returns per calendar period of an equity curve and how many such periods make a year. */
export interface PeriodReturns {
  /** r_i = e_i / e_(i−1) − 1 between the last equities of consecutive periods that have bars. */
  readonly returns: Float64Array;
  readonly periodsPerYear: number | null;
}

/** The calendar period a time falls in (UTC): a day, a week ending Sunday, a month or a year. */
function periodKey(freq: 'D' | 'W' | 'M' | 'Y', t: number): number {
  const day = Math.floor(t / DAY);
  if (freq === 'D') return day;
  // Day 0 (1970-01-01) was a Thursday: day − 4 + 7 is a Monday, where pandas' W-SUN weeks start.
  if (freq === 'W') return Math.floor((day + 3) / 7);
  const d = new Date(t);
  return freq === 'M' ? d.getUTCFullYear() * 12 + d.getUTCMonth() : d.getUTCFullYear();
}

/**
 * backtesting.py 9c2b8e1's resampling: the data period (median spacing of the last 100 bars) in
 * whole days picks the calendar period: 7 → weeks (52 a year), 31 → months (12; we take 28–31),
 * 365 → years (1; we take 366 too),
 * anything else → UTC days, 365 a year when more than 60 % of 2/7 of the bars fall on Saturday or
 * Sunday (a market that trades every day), else 252. The last equity of each period with bars,
 * then the change from each period to the next (the first period has no return).
 */
export function periodReturns(curve: EquityColumns): PeriodReturns {
  const { time, equity } = curve;
  const period = dataPeriodMs(time);
  const freqDays = period === null ? null : Math.floor(period / DAY);
  // backtesting.py maps exactly 31 to months and 365 to years; a short monthly series can have a
  // median of 29 or 30 days, which it would resample as days (a month counted as a day).
  const freq =
    freqDays === 7
      ? 'W'
      : freqDays !== null && freqDays >= 28 && freqDays <= 31
        ? 'M'
        : freqDays === 365 || freqDays === 366
          ? 'Y'
          : 'D';
  const lasts: number[] = [];
  let weekend = 0;
  let key = Number.NaN;
  for (let i = 0; i < time.length; i++) {
    const t = time[i] ?? Number.NaN;
    const wd = (((Math.floor(t / DAY) + 4) % 7) + 7) % 7;
    if (wd === 0 || wd === 6) weekend++;
    const k = periodKey(freq, t);
    const e = equity[i] ?? Number.NaN;
    if (k === key) lasts[lasts.length - 1] = e;
    else lasts.push(e);
    key = k;
  }
  const returns = new Float64Array(Math.max(0, lasts.length - 1));
  for (let i = 1; i < lasts.length; i++)
    returns[i - 1] = (lasts[i] ?? Number.NaN) / (lasts[i - 1] ?? Number.NaN) - 1;
  const perYear =
    freqDays === null
      ? null
      : freq === 'W'
        ? 52
        : freq === 'M'
          ? 12
          : freq === 'Y'
            ? 1
            : weekend / time.length > (2 / 7) * 0.6
              ? 365
              : 252;
  return { returns, periodsPerYear: perYear };
}
