import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type BacktestOutcome, backtestFromFiles } from '../../backtest/backtestFromFiles.ts';
import { fundingSources } from '../../backtest/metrics/FundingSource.ts';
import { backtestHtml } from '../../backtest/output/backtestHtml.ts';
import { inspectPage, type PageFacts } from '../report/inspectPage.ts';
import { hasChromium } from '../report/openInChromium.ts';

const ARTIFACTS = resolve(import.meta.dirname, '../../reports/test-artifacts');
const GOOG = 'data/samples/GOOG-1d.csv';
const XRP = 'data/samples/XRPUSDT-PERP-1h.csv';
const XRP_FUNDING = 'data/samples/XRPUSDT-PERP-funding-8h.csv';
const skip = (!hasChromium && process.env.CI === undefined) || !existsSync(GOOG);

/** Filters the trade list, then sorts it by PnL twice: what a reader sees after each step. */
async function useTradeTable(page: Page) {
  // A page-side expression (the project's TypeScript has no DOM types): the cells of the rows shown.
  const visible = () =>
    page.evaluate<string[][]>(
      "Array.from(document.querySelectorAll('#trade-table tbody tr')).filter((r) => !r.hidden).map((r) => Array.from(r.cells, (c) => c.textContent))",
    );
  await page.fill('#trade-filter', 'short');
  const filtered = await visible();
  await page.fill('#trade-filter', '');
  await page.click('#trade-table th[data-col="8"]');
  const ascending = (await visible()).map((r) => Number(r[8]));
  await page.click('#trade-table th[data-col="8"]');
  const descending = (await visible()).map((r) => Number(r[8]));
  return { filtered, ascending, descending };
}

async function report(name: string, outcome: BacktestOutcome) {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `${name}.html`);
  const html = backtestHtml(outcome, Date.UTC(2026, 10, 25));
  writeFileSync(path, html);
  const facts = await inspectPage(path, join(ARTIFACTS, `${name}.png`), useTradeTable);
  return { html, facts };
}

/** What every report must show a reader, whatever it was run on. */
function expectReadable(facts: PageFacts, charts: readonly string[]) {
  expect(facts.errors).toEqual([]);
  expect(Object.keys(facts.inked).sort()).toEqual([...charts].sort());
  for (const chart of charts) expect(facts.inked[chart], `${chart} has drawn pixels`).toBeGreaterThan(1_000);
  const dd = new Set(facts.axes['chart-drawdown']);
  expect(dd.size, `drawdown axis labels: ${[...dd].join(' | ')}`).toBeGreaterThanOrEqual(3);
  expect(new Set(facts.axes['chart-equity']).size).toBeGreaterThanOrEqual(3);
  expect(facts.metricRows).toBeGreaterThanOrEqual(35);
  expect(facts.hiddenRows).toEqual([]);
}

describe.skipIf(skip)(
  'the report of sma-cross 10/30 on GOOG-1d (the reference run) in headless Chromium at 1400 px',
  () => {
    let page: Awaited<ReturnType<typeof report>>;
    let outcome: BacktestOutcome;
    beforeAll(async () => {
      outcome = await backtestFromFiles({
        configFile: 'test/fixtures/backtest/sma-reference-GOOG.yaml',
        data: [{ symbol: 'GOOG', file: GOOG }],
      });
      page = await report('backtest-goog', outcome);
    }, 120_000);

    it('draws price, equity and drawdown with real ranges; every metric row is in the page, none in a scroll box; no console error', () => {
      expectReadable(page.facts, ['chart-price-0', 'chart-equity', 'chart-drawdown']);
      // The drawdown's range is its own: its deepest label is below zero, shown as a percentage.
      expect(page.facts.axes['chart-drawdown']?.some((l) => /^-0\.0[1-9]/.test(l))).toBe(true);
    });

    it('prints small figures at their magnitude (0.01072 %, not 0.01 %) and the buy & hold of the bars', () => {
      expect(page.html).toContain('0.01072 %');
      expect(page.html).toContain('0.002863 %');
      expect(page.html).toMatch(/Buy &amp; hold return<\/td><td>[0-9.]+ %/);
    });

    it('the trade list filters to exactly the SHORT trades and sorts all 66 by PnL, up then down', () => {
      const { filtered, ascending, descending } = page.facts.interaction ?? {
        filtered: [],
        ascending: [],
        descending: [],
      };
      const shorts = outcome.result.trades.filter((t) => t.side === 'SHORT').length;
      expect(filtered).toHaveLength(shorts);
      expect(filtered.every((r) => r[2] === 'SHORT')).toBe(true);
      expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
      expect(descending).toEqual([...ascending].reverse());
      expect(ascending).toHaveLength(66);
    });
  },
);

describe.skipIf(skip)('the report of two strategies on 4 days of XRPUSDT with a funding series', () => {
  let page: Awaited<ReturnType<typeof report>>;
  beforeAll(async () => {
    const funding = [{ symbol: 'XRPUSDT', file: XRP_FUNDING }];
    const outcome = await backtestFromFiles({
      configFile: 'test/backtest/fixtures/two-sma-xrp.yaml',
      data: [{ symbol: 'XRPUSDT', file: XRP }],
      funding,
    });
    // What the driver adds once it names its funding source (backtestMetrics' `fundingSources`).
    const metrics = { ...outcome.metrics, fundingSources: fundingSources(['XRPUSDT'], funding, undefined) };
    page = await report('backtest-two-strategies', { ...outcome, metrics });
  }, 120_000);

  it('draws every chart with a line and a legend entry per strategy', () => {
    expectReadable(page.facts, ['chart-price-0', 'chart-equity', 'chart-drawdown']);
    expect(page.html).toContain('sma-fast (realised)');
    // Hourly bars: times of day on the time axis.
    expect(page.facts.axes['time:chart-equity']?.some((l) => /^\d\d:\d\d$/.test(l))).toBe(true);
    expect(page.html).toContain('sma-slow (realised)');
  });

  it('marks the annualised figures "(from 4.1 days)" and names the funding series', () => {
    expect(page.html).toMatch(/\(from 4\.1 days\)/);
    expect(page.html).toContain(`funding: XRPUSDT from the series ${XRP_FUNDING}`);
  });
});
