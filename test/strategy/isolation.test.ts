import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import type { Bar } from '../../src/domain/bar.ts';
import { MarketSymbol } from '../../src/domain/ids.ts';
import type { Intent } from '../../src/domain/intent.ts';
import { type AnyStrategy, MarketData, type StrategyEvent, StrategyHost } from '../../src/strategy/index.ts';
import { testRunner } from '../../src/strategy/testRunner.ts';
import {
  healthy,
  loopsPastBudget,
  returnsGarbage,
  throwsInInit,
  throwsInOnBar,
} from './fixtures/brokenStrategies.ts';

const T0 = Date.UTC(2026, 0, 1);
const S = MarketSymbol('BTCUSDT');
const M = 60_000;
const bar = (i: number): Bar => ({
  symbol: S,
  openTime: T0 + i * M,
  intervalMs: M,
  open: 10,
  high: 10,
  low: 10,
  close: 10,
  volume: 0,
});

function host(strategies: readonly AnyStrategy[], hookBudgetMs = 20) {
  const clock = new VirtualClock(T0);
  const data = new MarketData(50);
  const intents: Intent[] = [];
  const events: StrategyEvent[] = [];
  const h = new StrategyHost(data, (i) => intents.push(i));
  const runners = strategies.map((strategy) => {
    const r = testRunner({
      strategy,
      clock,
      data,
      emit: (e) => events.push(e),
      hookBudgetMs,
      maxConsecutiveFailures: 3,
    });
    h.add(r);
    return r;
  });
  const feed = (n: number) => {
    for (let i = 0; i < n; i++) {
      clock.advanceSync(M);
      h.onBar(bar(i));
    }
  };
  return { intents, events, runners, feed };
}

const summary = (events: readonly StrategyEvent[]) =>
  events.map((e) =>
    e.type === 'hookFailed'
      ? `${e.strategyId} ${e.hook} ${e.failure} #${e.consecutiveFailures}: ${e.error.message}`
      : `${e.strategyId} paused after ${e.consecutiveFailures} (${e.hook})`,
  );

describe('strategy isolation', () => {
  it('reports a strategy that throws in init, keeps it stopped, and the healthy one trades every bar', () => {
    const t = host([throwsInInit, healthy]);
    t.feed(3);
    expect(summary(t.events)).toEqual([
      'throws-in-init init threw #1: strategy throws-in-init: init threw: cannot load model',
    ]);
    expect(t.runners[0]?.paused).toBe(true);
    expect(t.intents.map((i) => `${i.strategyId}:${i.kind}`)).toEqual([
      'healthy:open',
      'healthy:open',
      'healthy:open',
    ]);
  });

  it('drops the bars of a strategy that throws in onBar and pauses it after three in a row with an alert', () => {
    const t = host([throwsInOnBar, healthy]);
    t.feed(5);
    expect(summary(t.events)).toEqual([
      'throws-in-on-bar onBar threw #1: strategy throws-in-on-bar: onBar threw: undefined is not a function',
      'throws-in-on-bar onBar threw #2: strategy throws-in-on-bar: onBar threw: undefined is not a function',
      'throws-in-on-bar onBar threw #3: strategy throws-in-on-bar: onBar threw: undefined is not a function',
      'throws-in-on-bar paused after 3 (onBar)',
    ]);
    expect(t.events.at(-1)).toMatchObject({ type: 'paused', alert: true });
    expect(t.intents).toHaveLength(5);
    expect(t.intents.every((i) => i.strategyId === 'healthy')).toBe(true);
  });

  it('drops an invalid intent with a message naming the field', () => {
    const t = host([returnsGarbage, healthy]);
    t.feed(1);
    expect(summary(t.events)).toEqual([
      'returns-garbage onBar invalidIntent #1: strategy returns-garbage: onBar returned an invalid intent #0: side: Invalid option: expected one of "LONG"|"SHORT"; quantity: Too small: expected number to be >0; leverage: Invalid input: expected number, received undefined',
    ]);
    expect(t.intents.map((i) => i.strategyId)).toEqual(['healthy']);
  });

  it('pauses a strategy that returns garbage three bars in a row, naming the strategy and the field each time', () => {
    const t = host([returnsGarbage, healthy]);
    t.feed(4);
    const field = 'side: Invalid option: expected one of "LONG"|"SHORT"';
    expect(
      summary(t.events).map((line) => line.includes(field) && line.startsWith('returns-garbage')),
    ).toEqual([true, true, true, false]);
    expect(summary(t.events).at(-1)).toBe('returns-garbage paused after 3 (onBar)');
    expect(t.runners[0]?.paused).toBe(true);
    expect(t.intents.map((i) => i.strategyId)).toEqual(['healthy', 'healthy', 'healthy', 'healthy']);
  });

  it('voids the whole call when a later intent of the list is bad, naming its index and field', () => {
    const secondBad: AnyStrategy = {
      ...healthy,
      name: 'second-bad',
      onBar: (_ctx: unknown, b: Bar) => [
        { kind: 'open', market: b.symbol, side: 'LONG', quantity: 1, leverage: 1 },
        { kind: 'close', market: b.symbol, position: { intentId: 'in_1' }, slippage: 2 },
      ],
    };
    const t = host([secondBad]);
    t.feed(1);
    expect(summary(t.events)).toEqual([
      'second-bad onBar invalidIntent #1: strategy second-bad: onBar returned an invalid intent #1: slippage: Too big: expected number to be <=1',
    ]);
    expect(t.intents).toEqual([]);
  });

  it.each<[string, unknown, string]>([
    ['0', { takeProfit: { fraction: 0 } }, 'takeProfit.fraction: Too small: expected number to be >0'],
    ['1', { takeProfit: { fraction: 1 } }, 'takeProfit.fraction: Too big: expected number to be <1'],
    [
      'NaN',
      { stopLoss: { fraction: Number.NaN } },
      'stopLoss: expected a price > 0, or { fraction } with 0 < fraction < 1, got {"fraction":"NaN"}',
    ],
    ['-0.01', { stopLoss: { fraction: -0.01 } }, 'stopLoss.fraction: Too small: expected number to be >0'],
  ])('drops an open whose TP/SL fraction is %s, naming the strategy and the field', (_what, leg, field) => {
    const badFraction: AnyStrategy = {
      ...healthy,
      name: 'bad-fraction',
      onBar: (_ctx: unknown, b: Bar) => ({
        kind: 'open',
        market: b.symbol,
        side: 'LONG',
        quantity: 1,
        leverage: 1,
        ...(leg as object),
      }),
    };
    const t = host([badFraction]);
    t.feed(1);
    expect(summary(t.events)).toEqual([
      `bad-fraction onBar invalidIntent #1: strategy bad-fraction: onBar returned an invalid intent #0: ${field}`,
    ]);
    expect(t.intents).toEqual([]);
  });

  it('drops a setTpSl whose fraction is out of range, naming the strategy and the field', () => {
    const badSet: AnyStrategy = {
      ...healthy,
      name: 'bad-set',
      onBar: (_ctx: unknown, b: Bar) => ({
        kind: 'setTpSl',
        market: b.symbol,
        position: { intentId: 'in_1' },
        takeProfit: { fraction: 1.5 },
      }),
    };
    const t = host([badSet]);
    t.feed(1);
    expect(summary(t.events)).toEqual([
      'bad-set onBar invalidIntent #1: strategy bad-set: onBar returned an invalid intent #0: takeProfit.fraction: Too big: expected number to be <1',
    ]);
  });

  it('drops the intents of a hook that overran its budget', () => {
    const t = host([loopsPastBudget(30), healthy]);
    t.feed(1);
    expect(t.events).toHaveLength(1);
    expect(t.events[0]).toMatchObject({
      type: 'hookFailed',
      strategyId: 'loops',
      hook: 'onBar',
      failure: 'overBudget',
    });
    expect((t.events[0] as { error: Error }).error.message).toMatch(
      /^strategy loops: onBar took \d+ ms, over its 20 ms budget$/,
    );
    expect(t.intents.map((i) => i.strategyId)).toEqual(['healthy']);
  });

  it('resets the failure count after a successful call', () => {
    let n = 0;
    const flaky: AnyStrategy = {
      ...healthy,
      name: 'flaky',
      onBar: (_ctx: unknown, b: Bar) => {
        n++;
        if (n % 2 === 1) throw new Error('odd');
        return { kind: 'open', market: b.symbol, side: 'SHORT', quantity: 1, leverage: 1 };
      },
    };
    const t = host([flaky]);
    t.feed(6);
    expect(t.events.every((e) => e.type === 'hookFailed' && e.consecutiveFailures === 1)).toBe(true);
    expect(t.runners[0]?.paused).toBe(false);
    expect(t.intents).toHaveLength(3);
  });
});

describe('strategy isolation on the untimed bar path (a backtest: hooks not timed)', () => {
  it('drops the bars of a strategy that throws in onBar, pauses it after three, and the paused one hears no more bars', () => {
    let calls = 0;
    const counted: AnyStrategy = {
      ...throwsInOnBar,
      onBar: () => {
        calls++;
        throw new TypeError('undefined is not a function');
      },
    };
    const t = host([counted, healthy], Number.POSITIVE_INFINITY);
    t.feed(5);
    expect(summary(t.events).at(-1)).toBe('throws-in-on-bar paused after 3 (onBar)');
    expect(t.events.filter((e) => e.type === 'hookFailed')).toHaveLength(3);
    expect(calls).toBe(3);
    expect(t.intents.map((i) => i.strategyId)).toEqual([
      'healthy',
      'healthy',
      'healthy',
      'healthy',
      'healthy',
    ]);
  });

  it('checks what onBar returned: garbage three bars in a row is named by strategy and field, then paused', () => {
    const t = host([returnsGarbage, healthy], Number.POSITIVE_INFINITY);
    t.feed(4);
    const field = 'side: Invalid option: expected one of "LONG"|"SHORT"';
    expect(
      summary(t.events).map(
        (line) => line.includes(field) && line.startsWith('returns-garbage onBar invalidIntent'),
      ),
    ).toEqual([true, true, true, false]);
    expect(summary(t.events).at(-1)).toBe('returns-garbage paused after 3 (onBar)');
    expect(t.intents.map((i) => i.strategyId)).toEqual(['healthy', 'healthy', 'healthy', 'healthy']);
  });

  it('hands bars to a paused strategy again once resumed, and counts its failures from zero', () => {
    let failing = true;
    const recovers: AnyStrategy = {
      ...healthy,
      onBar: (ctx, bar) => {
        if (failing) throw new Error('feed glitch');
        return healthy.onBar?.(ctx, bar);
      },
    };
    const t = host([recovers], Number.POSITIVE_INFINITY);
    t.feed(4);
    expect(t.runners[0]?.paused).toBe(true);
    failing = false;
    t.runners[0]?.resume();
    t.feed(2);
    expect(t.runners[0]?.paused).toBe(false);
    expect(t.runners[0]?.failureCount).toBe(0);
    expect(t.intents).toHaveLength(2);
  });
});
