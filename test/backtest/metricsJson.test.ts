import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backtestFromFiles } from '../../backtest/backtestFromFiles.ts';
import { writeBacktestJson } from '../../backtest/output/backtestJson.ts';
import { summaryTable } from '../../backtest/output/summaryTable.ts';

const NEW_KEYS = [
  'equityPeak',
  'buyAndHoldReturn',
  'cagr',
  'alpha',
  'beta',
  'averageDrawdown',
  'averageDrawdownDurationMs',
  'bestTrade',
  'worstTrade',
  'maxTradeDurationMs',
  'averageTradeDurationMs',
  'sqn',
  'kellyCriterion',
] as const;

interface Doc {
  readonly metrics: {
    readonly overall: Record<string, number | null>;
    readonly byMarket: Record<string, Record<string, number | null>>;
    readonly byStrategy: Record<string, Record<string, number | null>>;
    readonly warnings: readonly string[];
  };
}

function json(o: Parameters<typeof writeBacktestJson>[1]): Doc {
  const file = join(mkdtempSync(join(tmpdir(), 'metrics-json-')), 'out.json');
  writeBacktestJson(file, o);
  return JSON.parse(readFileSync(file, 'utf8')) as Doc;
}

describe('--json metrics', () => {
  it('carry every backtesting.py statistic, overall, per strategy and per market, as numbers (GOOG, 8.5 years)', async () => {
    const o = await backtestFromFiles({
      configFile: 'test/fixtures/backtest/sma-reference-GOOG.yaml',
      data: [{ symbol: 'GOOG', file: 'data/samples/GOOG-1d.csv' }],
    });
    const doc = json(o);
    for (const key of NEW_KEYS) {
      expect(typeof doc.metrics.overall[key], `overall.${key}`).toBe('number');
      expect(typeof doc.metrics.byStrategy['sma-cross']?.[key], `byStrategy.${key}`).toBe('number');
      expect(typeof doc.metrics.byMarket.GOOG?.[key], `byMarket.${key}`).toBe('number');
    }
    // Buy & hold from the close of bar 29, where sma-cross's SMA 30 is first defined (its declared
    // warm-up), as backtesting.py's: 129.6 → 806.19 is +522 %, the reference's 522.0601851851852 %.
    expect(doc.metrics.overall.buyAndHoldReturn).toBe((806.19 - 129.6) / 129.6);
    expect(doc.metrics.byMarket.GOOG?.buyAndHoldReturn).toBe((806.19 - 129.6) / 129.6);
    expect(doc.metrics.warnings).toEqual([]);
  });

  it('warn, and the summary marks, annualised figures from 4 days of data', async () => {
    const o = await backtestFromFiles({
      configFile: 'test/backtest/fixtures/two-sma-xrp.yaml',
      data: [{ symbol: 'XRPUSDT', file: 'data/samples/XRPUSDT-PERP-1h.csv' }],
    });
    const doc = json(o);
    expect(doc.metrics.warnings).toHaveLength(1);
    expect(doc.metrics.warnings[0]).toMatch(/extrapolated from 4\.1\d* days of data, fewer than 30/);
    const text = summaryTable(o.metrics);
    for (const label of ['Annual return', 'CAGR', 'Annual volatility', 'Sharpe', 'Sortino', 'Calmar'])
      expect(text).toMatch(new RegExp(`${label}\\s+\\S+( %)? \\(from 4\\.1 days\\)`));
    expect(text.split('\n').find((l) => l.startsWith('Total return'))).not.toContain('from');
  });
});
