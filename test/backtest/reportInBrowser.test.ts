import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { backtestFromFiles } from '../../backtest/backtestFromFiles.ts';
import { backtestHtml } from '../../backtest/output/backtestHtml.ts';
import { hasChromium, openReport } from '../report/openInChromium.ts';

const ARTIFACTS = resolve(import.meta.dirname, '../../reports/test-artifacts');
const GOOG = 'data/samples/GOOG-1d.csv';

describe.skipIf((!hasChromium && process.env.CI === undefined) || !existsSync(GOOG))(
  'the report of a real backtest (sma-cross 10/30 on GOOG-1d) in headless Chromium',
  () => {
    const path = join(ARTIFACTS, 'backtest-goog.html');
    const errors: string[] = [];
    let drawn: { charts: number; markers: number; ready: boolean } | undefined;
    let trades = 0;

    beforeAll(async () => {
      const outcome = await backtestFromFiles({
        configFile: 'test/fixtures/backtest/sma-reference-GOOG.yaml',
        data: [{ symbol: 'GOOG', file: GOOG }],
      });
      trades = outcome.result.trades.length;
      mkdirSync(ARTIFACTS, { recursive: true });
      writeFileSync(path, backtestHtml(outcome, Date.UTC(2026, 10, 23)));
      const opened = await openReport(path, join(ARTIFACTS, 'backtest-goog.png'));
      drawn = opened.drawn;
      errors.push(...opened.errors);
    }, 120_000);

    it('draws price, equity and drawdown with an entry and an exit marker per trade (66 trades), no console error', () => {
      expect({ trades, drawn, errors }).toEqual({
        trades: 66,
        drawn: { charts: 3, markers: 132, ready: true },
        errors: [],
      });
    });
  },
);
