import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BacktestOutcome } from '../backtestFromFiles.ts';
import { writeBacktestJson } from './backtestJson.ts';

const T0 = Date.UTC(2026, 0, 1);
const trade = (k: number) => ({
  strategy: 's',
  market: 'BTCUSDT',
  side: 'LONG',
  quantity: 1,
  entryTime: T0 + k * 60_000,
  exitTime: T0 + (k + 1) * 60_000,
  entryPrice: 100 + k,
  exitPrice: 101 + k,
  pnl: 1,
  fees: 0.1,
  funding: 0,
});

function outcome(points: number, trades: number): BacktestOutcome {
  const time = Float64Array.from({ length: points }, (_, i) => T0 + i * 60_000);
  const equity = Float64Array.from({ length: points }, (_, i) => 1_000 + i / 8);
  return {
    strategies: [{ id: 's', module: 'sma-cross' }],
    settings: { cash: 1_000 },
    metrics: { overall: { trades } },
    result: {
      intervalMs: 60_000,
      initialCash: 1_000,
      finalEquity: 1_001.5,
      equity: { time, equity },
      trades: Array.from({ length: trades }, (_, k) => trade(k)),
      denials: [{ intentId: 'in_1', reason: 'MAX_POSITIONS: full' }],
      strategyEvents: [],
      warnings: [
        {
          strategyId: 's',
          code: 'NO_INTENT',
          message: 'strategy s: its hooks ran 3 times but it emitted no intent',
        },
      ],
    },
  } as unknown as BacktestOutcome;
}

function written(o: BacktestOutcome): unknown {
  const file = join(mkdtempSync(join(tmpdir(), 'bt-json-')), 'out.json');
  writeBacktestJson(file, o);
  return JSON.parse(readFileSync(file, 'utf8'));
}

const iso = (ms: number) => new Date(ms).toISOString();

describe('writeBacktestJson', () => {
  it('writes the whole document in chunks: every curve point and trade across chunk boundaries, ISO times', () => {
    const o = outcome(9_000, 4_100);
    expect(written(o)).toEqual({
      strategies: o.strategies,
      settings: o.settings,
      intervalMs: 60_000,
      initialCash: 1_000,
      finalEquity: 1_001.5,
      metrics: o.metrics,
      equity: Array.from({ length: 9_000 }, (_, i) => ({
        time: iso(T0 + i * 60_000),
        equity: 1_000 + i / 8,
      })),
      trades: o.result.trades.map((t) => ({ ...t, entryTime: iso(t.entryTime), exitTime: iso(t.exitTime) })),
      warnings: o.result.warnings,
      denials: o.result.denials,
      strategyEvents: [],
    });
  });

  it('an empty curve and no trades still make a valid document with empty lists', () => {
    expect(written(outcome(0, 0))).toMatchObject({ equity: [], trades: [], finalEquity: 1_001.5 });
  });
});
