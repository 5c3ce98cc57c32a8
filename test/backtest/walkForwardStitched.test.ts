import { describe, expect, it } from 'vitest';
import { readData } from '../../backtest/data/readData.ts';
import { parseSweep } from '../../backtest/sweep/parseSweep.ts';
import { stitchCurves } from '../../backtest/sweep/stitchOutOfSample.ts';
import { walkForward, walkForwardTable } from '../../backtest/sweep/walkForward.ts';

const DAY = 86_400_000;
const GOOG = {
  configFile: 'test/fixtures/backtest/sma-reference-GOOG.yaml',
  data: [{ symbol: 'GOOG', file: 'data/samples/GOOG-1d.csv' }],
};
const cols = (start: number, ...equity: number[]) => ({
  time: equity.map((_, i) => (start + i) * DAY),
  equity,
});

describe('stitchCurves', () => {
  it('chains each window from where the previous ended, keeping its returns: +10 % then −10 % is 99', () => {
    const s = stitchCurves([cols(0, 100, 105, 110), cols(3, 100, 95, 90)]);
    expect(s.time).toEqual([0, 1, 2, 3, 4, 5].map((d) => d * DAY));
    expect(s.equity.map((e) => Math.round(e * 1e9) / 1e9)).toEqual([100, 105, 110, 110, 104.5, 99]);
  });
  it("a window starting at the previous one's last time replaces that point", () => {
    const s = stitchCurves([cols(0, 100, 110), cols(1, 100, 120)]);
    expect(s.time).toEqual([0, DAY, 2 * DAY]);
    expect(s.equity.map((e) => Math.round(e * 1e9) / 1e9)).toEqual([100, 110, 132]);
  });
});

describe('walk-forward, stitched out of sample', () => {
  it('compounds the test windows: total return Π(1 + test return) − 1, over their bars, printed under the table', async () => {
    const first = readData(GOOG).feeds[0]?.time[0] as number;
    const request = { ...GOOG, from: first, to: first + 1_500 * DAY };
    const axes = ['fast=5..10:5', 'slow=30..40:10'].map(parseSweep);
    const result = await walkForward(request, axes, { trainMs: 1_000 * DAY, testMs: 250 * DAY });
    const product = result.windows.reduce((a, w) => a * (1 + (w.testReturn as number)), 1) - 1;
    const s = result.stitched;
    expect(s.windows).toBe(2);
    expect(s.skipped).toEqual([]);
    expect(s.metrics.totalReturn as number).toBeCloseTo(product, 12);
    expect(s.trades).toBe(result.windows.reduce((a, w) => a + (w.testTrades as number), 0));
    expect(s.equity[0]?.time).toBe(new Date(first + 1_000 * DAY).toISOString());
    expect(s.metrics.sharpe).not.toBeNull();
    expect(s.metrics.maxDrawdown).not.toBeNull();
    const text = walkForwardTable(result);
    expect(text).toMatch(/out of sample, stitched: 2 test windows, \d{4}-\d\d-\d\d → \d{4}-\d\d-\d\d/);
    expect(text).toMatch(/return -?[0-9.]+ %; annual -?[0-9.]+ %; Sharpe -?[0-9.]+; max drawdown [0-9.]+ %/);
    expect(JSON.parse(JSON.stringify({ walkForward: result })).walkForward.stitched.metrics.totalReturn).toBe(
      s.metrics.totalReturn,
    );
  }, 120_000);
});
