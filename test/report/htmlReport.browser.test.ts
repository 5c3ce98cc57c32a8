import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReportBar, ReportInput, ReportTrade } from '../../src/report/html/ReportInput.ts';
import { renderReport } from '../../src/report/html/renderReport.ts';
import { hasChromium, openReport } from './openInChromium.ts';

const ARTIFACTS = resolve(import.meta.dirname, '../../reports/test-artifacts');
const HOUR = 3_600_000;
const T0 = Date.UTC(2024, 0, 1);

/** A deterministic zig-zag market: 600 hourly candles, and six trades with known outcomes. */
function sample(): ReportInput {
  const bars: ReportBar[] = [];
  let price = 100;
  for (let i = 0; i < 600; i++) {
    const drift = Math.sin(i / 25) * 1.5 + (i % 7 === 0 ? -0.8 : 0.4);
    const open = price;
    const close = price + drift;
    bars.push({
      time: T0 + i * HOUR,
      open,
      high: Math.max(open, close) + 0.6,
      low: Math.min(open, close) - 0.6,
      close,
    });
    price = close;
  }
  const trades: ReportTrade[] = [0, 1, 2, 3, 4, 5].map((k) => {
    const entry = bars[k * 90 + 10] as ReportBar;
    const exit = bars[k * 90 + 60] as ReportBar;
    const side = k % 2 === 0 ? 'LONG' : 'SHORT';
    const pnl = (exit.open - entry.open) * (side === 'LONG' ? 10 : -10);
    return {
      strategy: 'sma-cross',
      market: 'BTCUSDT',
      side,
      quantity: 10,
      entryTime: entry.time,
      entryPrice: entry.open,
      exitTime: exit.time,
      exitPrice: exit.open,
      pnl,
    };
  });
  let equity = 10_000;
  const curve = bars.map((b, i) => {
    equity += Math.sin(i / 40) * 12;
    return { time: b.time, value: equity };
  });
  return {
    title: 'sma-cross 10/30 on BTCUSDT',
    subtitle: '600 hourly bars, 2024-01-01 → 2024-01-25, zero costs',
    generatedAt: 'generated 2024-02-01 00:00 UTC',
    cards: [
      { label: 'Return', value: '+3.2 %', tone: 'good' },
      { label: 'Max drawdown', value: '−1.9 %', tone: 'bad' },
      { label: 'Sharpe', value: 'N/A' },
    ],
    markets: [{ symbol: 'BTCUSDT', bars }],
    trades,
    equity: curve,
    tables: [
      {
        title: 'Metrics',
        columns: ['metric', 'all'],
        rows: [
          ['Trades', '6'],
          ['Win rate', '50 %'],
        ],
      },
    ],
  };
}

describe.skipIf(!hasChromium && process.env.CI === undefined)(
  'HTML backtest report in headless Chromium',
  () => {
    const path = join(ARTIFACTS, 'report.html');
    const errors: string[] = [];
    let drawn: { charts: number; markers: number; ready: boolean } | undefined;

    beforeAll(async () => {
      mkdirSync(ARTIFACTS, { recursive: true });
      writeFileSync(path, renderReport(sample()));
      const opened = await openReport(path, join(ARTIFACTS, 'report.png'));
      drawn = opened.drawn;
      errors.push(...opened.errors);
    });

    it('draws the price, equity and drawdown charts with every entry and exit marker, without a console error', () => {
      expect({ drawn, errors }).toEqual({ drawn: { charts: 3, markers: 12, ready: true }, errors: [] });
    });
  },
);
