import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type BacktestInput, runBacktest } from '../../backtest/runBacktest.ts';
import { backtestSchema } from '../../src/config/sections/backtest.ts';
import { readBarColumns } from '../../src/market/readBarColumns.ts';
import { readBars } from '../../src/market/readBars.ts';
import { runOnBars } from '../../src/strategy/runOnBars.ts';
import smaCross from '../../strategies/sma-cross/index.ts';

const DATA = join(import.meta.dirname, '../../data/samples');
const PARAMS = { fast: 10, slow: 30, quantity: 10, leverage: 2, mode: 'reverse' } as const;

function input(venue: 'direct' | 'client'): BacktestInput {
  return {
    feeds: [readBarColumns(join(DATA, 'GOOG-1d.csv'), { symbol: 'GOOG' })],
    strategies: [{ id: 'sma-cross', strategy: smaCross, markets: ['GOOG'], params: PARAMS }],
    settings: backtestSchema.parse({ cash: 10_000, spread: 0.0004, slippage: 0.0001 }),
    risk: {
      account: {
        maxOpenPositions: 2,
        maxNotionalPerPosition: 10_000,
        maxTotalNotional: 20_000,
        maxLeverage: 5,
        maxIntentsPerMinute: 100,
        dailyLossLimit: 5_000,
        maxDrawdownPct: 50,
      },
    },
    venue,
  };
}

describe('parity', () => {
  it("the backtest's intents are the ones the strategy decides on the same bars outside it (runOnBars), bar for bar", async () => {
    const r = await runBacktest(input('direct'));
    const bars = readBars(join(DATA, 'GOOG-1d.csv'), { symbol: 'GOOG' });
    const alone = runOnBars(smaCross, bars, { params: PARAMS, id: 'sma-cross' });
    const expected = alone.decisions.flatMap((d) =>
      d.intents.map((intent) => ({ decidedAt: d.bar.openTime + d.bar.intervalMs, intent })),
    );
    expect(expected.length).toBeGreaterThan(2);
    expect(r.intents).toEqual(expected);
  });

  it("the same bars through the direct port and through the venue client over the simulator's fetch (dry-run's path) give identical intents, fills and equity", async () => {
    const direct = await runBacktest(input('direct'));
    const client = await runBacktest(input('client'));
    expect(direct.fills.length).toBeGreaterThan(2);
    expect(client.intents).toEqual(direct.intents);
    expect(client.fills.map((f) => ({ ...f }))).toEqual(direct.fills.map((f) => ({ ...f })));
    expect(client.trades).toEqual(direct.trades);
    expect(Array.from(client.equity.equity)).toEqual(Array.from(direct.equity.equity));
    expect(client.finalEquity).toBe(direct.finalEquity);
  }, 60_000);

  it('a run that keeps no intents (the CLI) trades, books and ends exactly as one that keeps them', async () => {
    const kept = await keptAndNot();
    expect(kept.lean.intents).toEqual([]);
    expect(kept.full.intents.length).toBeGreaterThan(10);
    expect(kept.lean.trades).toEqual(kept.full.trades);
    expect(kept.lean.fills).toEqual(kept.full.fills);
    expect(kept.lean.finalEquity).toBe(kept.full.finalEquity);
  });
});

async function keptAndNot() {
  const full = await runBacktest(input('direct'));
  const lean = await runBacktest({ ...input('direct'), keepIntents: false });
  return { full, lean };
}
