/**
 * Which calendar period a bar falls in, and how many make a year, at the boundaries the hand-computed
 * curves pass by: bars sharing a week, a month or a year, and the 28–31 and 365/366-day rules
 * (StrykerJS survivors of 2026-11-26, test/MUTATIONS.md).
 */
import { describe, expect, it } from 'vitest';
import { periodReturns } from './periodReturns.ts';

const DAY = 86_400_000;
const MON = Date.UTC(2024, 0, 1); // a Monday
/** Equity 100, 101, 102 … at the given times. */
const at = (...time: number[]) => ({ time, equity: time.map((_, i) => 100 + i) });
const returnsOf = (...time: number[]) =>
  Array.from(periodReturns(at(...time)).returns, (r) => Number(r.toFixed(9)));

describe('periodReturns: calendar periods', () => {
  it('groups weekly bars by weeks ending Sunday: a Sunday bar closes its week, the Monday after starts one', () => {
    // Days 0, 7, 14, 20 (Sunday), 21 (Monday), 28, 35, 42: spacing median 7 days.
    const r = periodReturns(at(...[0, 7, 14, 20, 21, 28, 35, 42].map((d) => MON + d * DAY)));
    expect(r.periodsPerYear).toBe(52);
    // Week lasts: 100, 101, 103 (the Sunday), 104, 105, 106, 107.
    expect(Array.from(r.returns, (x) => Number(x.toFixed(9)))).toEqual(
      [101 / 100, 103 / 101, 104 / 103, 105 / 104, 106 / 105, 107 / 106].map((x) =>
        Number((x - 1).toFixed(9)),
      ),
    );
  });

  it('groups monthly bars by calendar month', () => {
    // 30-day spacing from 1 January 2024: 1 and 31 January, 1 and 31 March, 30 April, 30 May.
    const time = [0, 30, 60, 90, 120, 150].map((d) => MON + d * DAY);
    expect(periodReturns(at(...time)).periodsPerYear).toBe(12);
    expect(returnsOf(...time)).toEqual(
      [103 / 101, 104 / 103, 105 / 104].map((x) => Number((x - 1).toFixed(9))),
    );
  });

  it('groups yearly bars by calendar year, 1 a year, on 365- and 366-day spacings', () => {
    // 1 Jan 2023, 1 Jan 2024, 31 Dec 2024 (2024 has 366 days), 31 Dec 2025.
    const time = [Date.UTC(2023, 0, 1), Date.UTC(2024, 0, 1), Date.UTC(2024, 11, 31), Date.UTC(2025, 11, 31)];
    expect(periodReturns(at(...time)).periodsPerYear).toBe(1);
    expect(returnsOf(...time)).toEqual([102 / 100, 103 / 102].map((x) => Number((x - 1).toFixed(9))));
    expect(periodReturns(at(MON, MON + 366 * DAY, MON + 732 * DAY)).periodsPerYear).toBe(1);
  });
});

describe('periodReturns: periods per year', () => {
  const spaced = (days: number) => at(...[0, 1, 2, 3].map((i) => MON + i * days * DAY));
  it('takes a 28- to 31-day spacing for months and neither 27 nor 32 days', () => {
    expect([27, 28, 31, 32].map((d) => periodReturns(spaced(d)).periodsPerYear === 12)).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });

  it('has no periods per year below two bars', () => {
    expect(periodReturns(at(MON)).periodsPerYear).toBeNull();
    expect(periodReturns(at(MON)).returns).toHaveLength(0);
  });
});
