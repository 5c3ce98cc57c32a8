import { describe, expect, it } from 'vitest';
import { backtestFromFiles } from '../../backtest/backtestFromFiles.ts';
import { readData } from '../../backtest/data/readData.ts';
import { parseSweep } from '../../backtest/sweep/parseSweep.ts';
import { runSweep } from '../../backtest/sweep/runSweep.ts';
import { sharedData } from '../../backtest/sweep/sharedData.ts';
import { walkForward } from '../../backtest/sweep/walkForward.ts';
import { ConfigError } from '../../src/errors/ConfigError.ts';

const GOOG_CONFIG = 'test/fixtures/backtest/sma-reference-GOOG.yaml';
const GOOG = { configFile: GOOG_CONFIG, data: [{ symbol: 'GOOG', file: 'data/samples/GOOG-1d.csv' }] };
const DAY = 86_400_000;

describe('sweeps on one shared copy of the data', () => {
  it('sharedData puts every column in one SharedArrayBuffer with the values the file gave', () => {
    const plain = readData(GOOG);
    const shared = sharedData(plain).feeds[0];
    const feed = plain.feeds[0];
    if (shared === undefined || feed === undefined) throw new Error('no feed');
    expect(shared.time.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(shared.close.buffer).toBe(shared.time.buffer);
    for (const c of ['time', 'open', 'high', 'low', 'close', 'volume'] as const)
      expect(Array.from(shared[c])).toEqual(Array.from(feed[c]));
    expect(shared.length).toBe(feed.length);
    expect(shared.symbol).toBe(feed.symbol);
  });

  it('each sweep point on worker threads ends with the equity of the same backtest run alone from the file', async () => {
    const axes = ['fast=5..10:5', 'slow=30..40:10'].map(parseSweep);
    const rows = await runSweep(GOOG, axes, { threads: 2 });
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      if (!row.answer.ok) throw new Error(row.answer.error);
      const alone = await backtestFromFiles({ ...GOOG, params: { 'sma-cross': row.params['*'] ?? {} } });
      expect(row.answer.finalEquity).toBe(alone.result.finalEquity);
      expect(row.answer.metrics.trades).toBe(alone.metrics.overall.trades);
    }
  }, 60_000);

  it('a sweep over an unreadable file stops before any worker starts, with the file and line', async () => {
    const bad = {
      configFile: GOOG_CONFIG,
      data: [{ symbol: 'GOOG', file: 'test/fixtures/bars/broken-values.csv' }],
    };
    const run = runSweep(bad, [parseSweep('fast=5..10:5')]);
    await expect(run).rejects.toBeInstanceOf(ConfigError);
    await expect(run).rejects.toThrow(/broken-values\.csv.*3/);
  });
});

describe('walk-forward', () => {
  it('picks the in-sample best of each training window and reports it on the next, unseen test window', async () => {
    const axes = ['fast=5..10:5', 'slow=30..40:10'].map(parseSweep);
    const first = readData(GOOG).feeds[0]?.time[0] as number;
    const request = { ...GOOG, from: first, to: first + 1_500 * DAY };
    const { windows } = await walkForward(request, axes, { trainMs: 1_000 * DAY, testMs: 250 * DAY });
    expect(windows.map((w) => [w.trainFrom, w.testFrom, w.testTo])).toEqual([
      [first, first + 1_000 * DAY, first + 1_250 * DAY],
      [first + 250 * DAY, first + 1_250 * DAY, first + 1_500 * DAY],
    ]);
    for (const w of windows) {
      expect(w.error).toBeUndefined();
      const train = await runSweep({ ...GOOG, from: w.trainFrom, to: w.testFrom }, axes, { threads: 1 });
      expect(w.best).toEqual(train[0]?.params);
      const params = { 'sma-cross': w.best?.['*'] ?? {} };
      const test = await backtestFromFiles({ ...GOOG, from: w.testFrom, to: w.testTo, params });
      expect(w.testReturn).toBe(test.metrics.overall.totalReturn);
      expect(w.testTrades).toBe(test.metrics.overall.trades);
    }
  }, 120_000);
});
