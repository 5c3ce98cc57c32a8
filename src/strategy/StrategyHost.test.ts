import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { VirtualClock } from '../clock/VirtualClock.ts';
import { MarketSymbol } from '../domain/ids.ts';
import type { Intent } from '../domain/intent.ts';
import { defineStrategy } from './defineStrategy.ts';
import { MarketData } from './MarketData.ts';
import { StrategyHost } from './StrategyHost.ts';
import { testRunner } from './testRunner.ts';

const none = z.strictObject({});
/** Opens on every price it hears. */
const ticker = defineStrategy({
  name: 'ticker',
  params: none,
  warmup: 0,
  onTick: (_ctx, t) => ({
    kind: 'open',
    market: t.symbol,
    side: 'LONG',
    quantity: 1,
    leverage: 1,
    signal: `t${t.ts}`,
  }),
});
/** Hears bars only, and reads the price its market last had. */
const prices: (number | undefined)[] = [];
const barOnly = defineStrategy({
  name: 'bar-only',
  params: none,
  warmup: 0,
  onBar: (ctx, bar) => {
    prices.push(ctx.price(bar.symbol));
    return undefined;
  },
});

describe('StrategyHost', () => {
  it("hands a price to the strategies with an onTick hook and keeps it as the latest; a bar's close then replaces it", () => {
    const clock = new VirtualClock(0);
    const data = new MarketData(4);
    const intents: Intent[] = [];
    const host = new StrategyHost(data, (i) => intents.push(i));
    for (const strategy of [barOnly, ticker]) {
      host.add(testRunner({ strategy, clock, data }));
    }
    const S = MarketSymbol('BTCUSDT');
    host.onTick({ symbol: S, mark: 101, ts: 1 });
    host.onTick({ symbol: S, mark: 102, ts: 2 });
    expect(intents.map((i) => `${i.strategyId}:${i.kind}`)).toEqual(['ticker:open', 'ticker:open']);
    expect(data.price('BTCUSDT')).toBe(102);
    host.onTick({ symbol: S, mark: 103, ts: 3 });
    expect(intents).toHaveLength(3);
    prices.length = 0;
    host.onBar({ symbol: S, openTime: 0, intervalMs: 1, open: 1, high: 1, low: 1, close: 1, volume: 0 });
    expect(prices).toEqual([1]);
  });
});
