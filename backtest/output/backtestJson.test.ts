import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BacktestOutcome } from '../backtestFromFiles.ts';
import { writeBacktestJson } from './backtestJson.ts';
import { tradeJson } from './tradesJson.ts';

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

function writtenText(o: BacktestOutcome): string {
  const file = join(mkdtempSync(join(tmpdir(), 'bt-json-')), 'out.json');
  writeBacktestJson(file, o);
  return readFileSync(file, 'utf8');
}
const written = (o: BacktestOutcome): unknown => JSON.parse(writtenText(o));

/**
 * The document as the writer before the byte buffer made it (JSON.stringify of each item, lists
 * one item per line): the text `--json` has always had, byte for byte.
 */
function stringified(o: BacktestOutcome): string {
  const r = o.result;
  const fields = (obj: Record<string, unknown>) =>
    Object.entries(obj)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v, null, 2).replaceAll('\n', '\n  ')}`);
  const list = (key: string, items: string[]) =>
    `  "${key}": [${items.map((item) => `\n    ${item}`).join(',')}\n  ],\n`;
  const { strategies, settings, metrics } = o;
  const head = { strategies, settings, intervalMs: r.intervalMs, initialCash: r.initialCash };
  return [
    `{\n${fields({ ...head, finalEquity: r.finalEquity, metrics }).join(',\n')},\n`,
    list(
      'equity',
      Array.from(r.equity.time, (time, i) =>
        JSON.stringify({ time: new Date(time).toISOString(), equity: r.equity.equity[i] }),
      ),
    ),
    list(
      'trades',
      r.trades.map((t) => JSON.stringify(tradeJson(t))),
    ),
    `${fields({ warnings: r.warnings, denials: r.denials, strategyEvents: r.strategyEvents }).join(',\n')}\n}\n`,
  ].join('');
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

  it('writes the very text JSON.stringify gives: awkward numbers and times, any strategy name, past the buffer', () => {
    // Over 1 MiB of curve (several buffer flushes); numbers String() writes in full or as null.
    const o = outcome(20_000, 30);
    const { time, equity } = o.result.equity;
    const odd = [
      -0,
      0,
      1e21,
      1e-7,
      -1e-7,
      0.1,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      -1.5,
      2 ** 53,
      9999558.105999999,
    ];
    odd.forEach((x, i) => {
      equity[100 + i] = x;
    });
    time.set([-1, -1.5, -86_400_001, T0 + 0.5, T0 + 60_000.25], 200);
    const trades = o.result.trades as unknown as Record<string, unknown>[];
    Object.assign(trades[0] ?? {}, {
      strategy: 'ßtrat "é€😀"\n',
      market: 'BTC\\USDT',
      pnl: -1.594000000000051,
    });
    Object.assign(trades[1] ?? {}, { fees: -0, funding: Number.NaN, entryTime: -1.5, quantity: 1e-7 });
    // Not the type's numbers: the writer leaves such a trade to JSON.stringify.
    Object.assign(trades[2] ?? {}, { quantity: '2', pnl: undefined });
    Object.assign(trades[3] ?? {}, { strategy: 'x'.repeat(2_000_000) });
    expect(writtenText(o)).toBe(stringified(o));
  });

  it('an empty curve and no trades still make a valid document with empty lists', () => {
    expect(written(outcome(0, 0))).toMatchObject({ equity: [], trades: [], finalEquity: 1_001.5 });
  });
});
