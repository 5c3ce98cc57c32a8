import { type Bar, runOnBars, staticBook } from 'perpflow';
import { describe, expect, it } from 'vitest';
import strategy from './index.ts';

const H = 3_600_000;
const bars = (closes: readonly number[]): Bar[] =>
  closes.map((close, i) => ({
    symbol: 'BTCUSDT' as Bar['symbol'],
    openTime: i * H,
    intervalMs: H,
    open: close,
    high: close,
    low: close,
    close,
    volume: 0,
  }));
const params = { lookback: 3, quantity: 0.5 };
const made = (r: ReturnType<typeof runOnBars>) =>
  r.decisions.map((d) => `${d.bar.openTime / H}:${d.intents.map((i) => i.kind).join('+')}`);

describe('template-strategy', () => {
  it('buys on a close above the lookback when it holds nothing', () => {
    expect(made(runOnBars(strategy, bars([10, 11, 12, 13]), { params }))).toEqual(['3:open']);
  });

  it('sells the position the ledger holds on a close below the lookback', () => {
    const book = staticBook([
      {
        strategyId: 'template-strategy',
        market: 'BTCUSDT',
        side: 'LONG',
        quantity: 0.5,
        entryPrice: 13,
        quoteId: '7',
      },
    ]);
    const r = runOnBars(strategy, bars([13, 12, 11, 9]), { params, book, id: 'template-strategy' });
    expect(made(r)).toEqual(['3:close']);
    expect(r.decisions[0]?.intents[0]).toMatchObject({ kind: 'close', position: { quoteId: '7' } });
  });

  it('sends no close after an open that was refused: it never held a position', () => {
    const r = runOnBars(strategy, bars([10, 11, 12, 13, 12, 11, 9]), {
      params,
      deny: (intent) => intent.kind === 'open',
    });
    expect(made(r)).toEqual([]);
    expect(r.events).toEqual([]);
  });
});
