import { describe, expect, it } from 'vitest';
import type { Bar } from '../../src/domain/bar.ts';
import { MarketSymbol } from '../../src/domain/ids.ts';
import { dec } from '../../src/domain/money.ts';
import { runOnBars } from '../../src/strategy/index.ts';
import carry from './index.ts';

const S = MarketSymbol('XRPUSDT');
const H = 3_600_000;
/** One bar per (rateLong, rateShort) pair, the funding set just before the bar reaches the strategy. */
function run(rates: readonly (readonly [number, number])[], params: Record<string, unknown> = {}) {
  const bars: Bar[] = rates.map((_, i) => ({
    symbol: S,
    openTime: i * H,
    intervalMs: H,
    open: 2,
    high: 2,
    low: 2,
    close: 2,
    volume: 0,
  }));
  return runOnBars(carry, bars, {
    params: { enterRate: 0.0003, exitRate: 0.0001, notional: 100, leverage: 2, ...params },
    beforeBar: (bar, data) => {
      const [l, s] = rates[bar.openTime / H] as readonly [number, number];
      data.onFunding([{ symbol: S, rateLong: dec(l), rateShort: dec(s), nextFundingTime: bar.openTime + H }]);
    },
  });
}
const lines = (r: ReturnType<typeof run>) =>
  r.decisions.flatMap((d) =>
    d.intents.map((i) =>
      i.kind === 'open'
        ? `${d.bar.openTime / H}:open ${i.side} ${i.quantity.toString()}`
        : `${d.bar.openTime / H}:${i.kind}`,
    ),
  );

describe('funding-carry', () => {
  it('holds the short side while longs pay shorts past the threshold, and exits when it reverts', () => {
    const r = run([
      [0.0001, -0.0001],
      [0.0004, -0.0004],
      [0.0004, -0.0002],
      [0.0001, -0.00005],
      [0.0001, -0.00005],
    ]);
    expect(lines(r)).toEqual(['1:open SHORT 50', '3:close']);
    const open = r.decisions[0]?.intents[0];
    const close = r.decisions[1]?.intents[0];
    expect(close?.kind === 'close' && close.position).toEqual({ by: 'intent', intentId: open?.intentId });
  });

  it('holds the long side when shorts pay longs', () => {
    expect(lines(run([[-0.0005, 0.0005]]))).toEqual(['0:open LONG 50']);
  });

  it('does nothing without funding info or below the threshold', () => {
    expect(lines(run([[0.0002, -0.0002]]))).toEqual([]);
  });
});
