import { type Bar, runOnBars } from 'perpflow';
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

describe('template-strategy', () => {
  it('buys on a close above the lookback and sells on a close below it', () => {
    const r = runOnBars(strategy, bars([10, 11, 12, 13, 12, 11, 9]), {
      params: { lookback: 3, quantity: 0.5 },
    });
    const made = r.decisions.map((d) => `${d.bar.openTime / H}:${d.intents.map((i) => i.kind).join('+')}`);
    expect(made).toEqual(['3:open', '5:close']);
    expect(r.events).toEqual([]);
  });
});
