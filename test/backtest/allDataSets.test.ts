import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backtestFromFiles } from '../../backtest/backtestFromFiles.ts';

const DATA = join(import.meta.dirname, '../../data/samples');
const BARS = readdirSync(DATA).filter((f) => f.endsWith('.csv') && !f.includes('funding'));
const dir = mkdtempSync(join(tmpdir(), 'perpflow-datasets-'));

/** The market a data file is about: its name up to the first dash (XRPUSDT-PERP-1h.csv → XRPUSDT). */
const symbolOf = (file: string) => file.split('-')[0] as string;

function config(symbol: string): string {
  const file = join(dir, `${symbol}.yaml`);
  writeFileSync(
    file,
    `mode: backtest
risk:
  account: { maxOpenPositions: 2, maxNotionalPerPosition: 100000, maxTotalNotional: 200000, maxLeverage: 2, maxIntentsPerMinute: 100, dailyLossLimit: 50000, maxDrawdownPct: 90 }
strategies:
  - { id: sma-cross, module: sma-cross, markets: [${symbol}], params: { fast: 10, slow: 30, notional: 1000, leverage: 1, mode: reverse } }
backtest: { cash: 100000, spread: 0.0004, slippage: 0.0001 }
`,
  );
  return file;
}

describe('every data set in data/samples', () => {
  it('holds the four bar files this test expects', () => {
    expect(BARS.map(symbolOf).sort()).toEqual(['BTCUSD', 'EURUSD', 'GOOG', 'XRPUSDT']);
  });

  it.each(BARS)(
    '%s backtests with sma-cross and market costs, with trades, a full equity curve and no denial',
    async (file) => {
      const symbol = symbolOf(file);
      const funding =
        symbol === 'XRPUSDT' ? [{ symbol, file: join(DATA, 'XRPUSDT-PERP-funding-8h.csv') }] : [];
      const { result, metrics, feeds } = await backtestFromFiles({
        configFile: config(symbol),
        data: [{ symbol, file: join(DATA, file) }],
        funding,
      });
      expect(result.trades.length).toBeGreaterThan(0);
      expect(result.equity.equity).toHaveLength(feeds[0]?.length as number);
      expect(Number.isFinite(result.finalEquity)).toBe(true);
      expect(result.denials, JSON.stringify(result.denials)).toEqual([]);
      expect(result.strategyEvents).toEqual([]);
      expect(metrics.overall.trades).toBe(result.trades.length);
      expect(metrics.overall.feesPaid).toBeGreaterThan(0);
      // Net PnL adds up to the account's change once everything is closed.
      expect(100_000 + metrics.overall.netPnl).toBeCloseTo(result.finalEquity, 6);
    },
    60_000,
  );
});
