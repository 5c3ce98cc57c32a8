import { describe, expect, it } from 'vitest';
import { firstTradingBars } from './firstTradingBar.ts';

const H = 3_600_000;
const feed = (symbol: string, from: number, n: number) => {
  const time = Float64Array.from({ length: n }, (_, i) => (from + i) * H);
  return { symbol, time, close: new Float64Array(n), length: n } as unknown as Parameters<
    typeof firstTradingBars
  >[1][number];
};
/** The union of the feeds' times, as the driver's curve has them. */
const curve = (from: number, n: number) => Float64Array.from({ length: n }, (_, i) => (from + i) * H);

describe('firstTradingBars', () => {
  it("places a market's warm-up on the account's curve by time: a market that starts later starts its count later", () => {
    const first = firstTradingBars(
      [{ markets: ['LATE'], indicatorWarmup: 3 }],
      [feed('EARLY', 0, 20), feed('LATE', 5, 15)],
      curve(0, 20),
    );
    expect(first).toEqual({ overall: 8, byMarket: { LATE: 8 } });
  });

  it("puts a warm-up as long as the market's bars at the curve's last point (buy & hold 0), never past it", () => {
    expect(
      firstTradingBars([{ markets: ['A'], indicatorWarmup: 10 }], [feed('A', 0, 10)], curve(0, 10)),
    ).toEqual({
      overall: 9,
      byMarket: { A: 9 },
    });
    // --to cut the curve short of the market's bars: the warm-up ends after the curve's end.
    expect(
      firstTradingBars([{ markets: ['A'], indicatorWarmup: 15 }], [feed('A', 0, 20)], curve(0, 10)),
    ).toEqual({
      overall: 9,
      byMarket: { A: 9 },
    });
  });

  it('starts at the first point when no strategy trades a market it has bars of', () => {
    expect(
      firstTradingBars([{ markets: ['B'], indicatorWarmup: 4 }], [feed('A', 0, 10)], curve(0, 10)),
    ).toEqual({
      overall: 0,
      byMarket: {},
    });
  });
});
