import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseSweep } from '../../backtest/sweep/parseSweep.ts';
import { runSweep, type SweepRow } from '../../backtest/sweep/runSweep.ts';
import { heatmapCells, sweepHeatmapHtml } from '../../backtest/sweep/sweepHeatmap.ts';
import { inspectPage } from '../report/inspectPage.ts';
import { hasChromium } from '../report/openInChromium.ts';

const ARTIFACTS = resolve(import.meta.dirname, '../../reports/test-artifacts');
const GOOG = {
  configFile: 'test/fixtures/backtest/sma-reference-GOOG.yaml',
  data: [{ symbol: 'GOOG', file: 'data/samples/GOOG-1d.csv' }],
};

const row = (fast: number, slow: number, size: number, totalReturn: number | null): SweepRow => ({
  params: { '*': { fast, slow, size } },
  answer:
    totalReturn === null
      ? { index: 0, ok: false, error: 'fast must be shorter than slow' }
      : { index: 0, ok: true, metrics: { totalReturn }, finalEquity: 0 },
});

describe('heatmapCells', () => {
  it('puts the ranked metric of each (x, y) cell, the best over the third axis; a failed cell is null', () => {
    const fast = parseSweep('fast=5..10:5');
    const slow = parseSweep('slow=20..30:10');
    const size = parseSweep('size=1..2:1');
    const rows = [
      row(5, 20, 1, 0.1),
      row(5, 20, 2, 0.3),
      row(10, 20, 1, -0.2),
      row(10, 20, 2, -0.1),
      row(5, 30, 1, 0.05),
      row(5, 30, 2, null),
      row(10, 30, 1, null),
      row(10, 30, 2, null),
    ];
    expect(heatmapCells(rows, fast, slow)).toEqual([
      [0.3, -0.1],
      [0.05, null],
    ]);
    expect(heatmapCells(rows, size)).toEqual([[0.1, 0.3]]);
  });
});

describe.skipIf(!hasChromium && process.env.CI === undefined)(
  'the heatmap of a 3 × 3 sweep of sma-cross on GOOG-1d in headless Chromium',
  () => {
    let facts: Awaited<ReturnType<typeof inspectPage>>;
    let html = '';
    let rows: SweepRow[] = [];
    beforeAll(async () => {
      const axes = ['fast=5..15:5', 'slow=20..40:10'].map(parseSweep);
      rows = await runSweep(GOOG, axes, { threads: 2 });
      html = sweepHeatmapHtml(rows, axes, { title: 'sma-cross on GOOG-1d', top: 5 });
      mkdirSync(ARTIFACTS, { recursive: true });
      const path = join(ARTIFACTS, 'sweep-heatmap.html');
      writeFileSync(path, html);
      facts = await inspectPage(path, join(ARTIFACTS, 'sweep-heatmap.png'));
    }, 180_000);

    it('draws the heatmap (inked canvas) and lists the top 5 sets, all readable, no console error', () => {
      expect(facts.errors).toEqual([]);
      expect(facts.inked.heatmap).toBeGreaterThan(10_000);
      expect(facts.metricRows).toBe(6);
      expect(facts.hiddenRows).toEqual([]);
    });

    it('ranks the top sets as the sweep did, the best first', () => {
      const best = rows[0]?.params['*'];
      expect(html).toContain(`<td>1</td><td>fast=${best?.fast} slow=${best?.slow}</td>`);
    });
  },
);
