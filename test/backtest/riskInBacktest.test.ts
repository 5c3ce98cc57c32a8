import { describe, expect, it } from 'vitest';
import { runBacktest } from '../../backtest/runBacktest.ts';
import { backtestSchema } from '../../src/config/sections/backtest.ts';
import { MarketSymbol } from '../../src/domain/ids.ts';
import { ConfigError } from '../../src/errors/ConfigError.ts';
import type { BarColumns } from '../../src/market/readBarColumns.ts';
import scripted from '../fixtures/backtest/scripted.ts';

const H = 3_600_000;
/** Flat at 100, then a fall to 90 and flat again: hourly bars of a symbol the catalog does not know. */
const OPENS = [100, 100, 100, 90, 90, 90];

function feed(): BarColumns {
  const col = () => Float64Array.from(OPENS);
  return {
    symbol: MarketSymbol('TEST'),
    intervalMs: H,
    length: OPENS.length,
    time: Float64Array.from(OPENS, (_, i) => i * H),
    open: col(),
    high: col(),
    low: col(),
    close: Float64Array.from(OPENS, (o, i) => OPENS[i + 1] ?? o),
    volume: new Float64Array(OPENS.length),
    gaps: [],
  };
}

const step = (afterBar: number, intents: unknown[]) => ({ afterBar, intents });
const open = (signal: string) => ({
  kind: 'open',
  market: 'TEST',
  side: 'LONG',
  quantity: 10,
  leverage: 1,
  signal,
});

/** The scripted strategy's steps over the six bars, without costs (a loss is the price move alone). */
function run(steps: unknown[], risk?: { account: Record<string, number> }) {
  return runBacktest({
    feeds: [feed()],
    strategies: [{ id: 's', strategy: scripted, markets: ['TEST'], params: { steps } }],
    settings: backtestSchema.parse({ cash: 10_000, fees: { open: 0, close: 0 } }),
    ...(risk === undefined ? {} : { risk }),
  });
}

describe('the risk gate in a backtest', () => {
  it('latches a halt at the daily loss limit, as live: the open after a 100-dollar loss is refused', async () => {
    // The loss is 10 × (100 − 90).
    const r = await run(
      [
        step(0, [open('first')]),
        step(2, [{ kind: 'close', market: 'TEST', position: { intentId: 'first' } }]),
        step(3, [open('second')]),
      ],
      { account: { dailyLossLimit: 100 } },
    );
    expect(r.trades.map((t) => t.pnl)).toEqual([-100]);
    expect(r.denials).toHaveLength(1);
    expect(r.denials[0]?.reason).toMatch(/^TRADING_HALTED: .*daily loss 100 reached the limit 100/);
  });
});

describe('a backtest called as a library', () => {
  it('refuses a risk limit out of range with a ConfigError naming the key and the range, not a ZodError', async () => {
    const refused = run([], { account: { maxOpenPositions: 100_000 } });
    await expect(refused).rejects.toThrow(ConfigError);
    await expect(refused).rejects.toThrow(
      '<backtest input> risk.account.maxOpenPositions: expected an integer from 1 to 1000',
    );
  });
});

describe('requests the venue ends in a backtest', () => {
  it('are named once, grouped, in the warnings: a take-profit under the mark of a long is refused, and the position trades on unprotected', async () => {
    const r = await run([
      step(0, [open('first')]),
      step(1, [{ kind: 'setTpSl', market: 'TEST', position: { intentId: 'first' }, takeProfit: 50 }]),
      step(2, [{ kind: 'setTpSl', market: 'TEST', position: { intentId: 'first' }, takeProfit: 60 }]),
    ]);
    expect(r.warnings.map((w) => w.code)).toEqual(['REQUEST_REJECTED']);
    expect(r.warnings[0]?.message).toMatch(
      /^strategy s: 2 setTpSl requests REJECTED by the venue \(the first: INVALID_TPSL: .*takeProfit: 50 must be above the mark 100 for a LONG\)\); those positions traded on without their TP\/SL$/,
    );
  });
});
