import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { VirtualClock } from '../clock/VirtualClock.ts';
import type { Bar } from '../domain/bar.ts';
import { MarketSymbol } from '../domain/ids.ts';
import type { Intent } from '../domain/intent.ts';
import { defineStrategy } from './defineStrategy.ts';
import { MarketData } from './MarketData.ts';
import type { StrategyEvent } from './runnerEvents.ts';
import { testRunner } from './testRunner.ts';

const M = 60_000;
const bar = (i: number): Bar => ({
  symbol: MarketSymbol('BTCUSDT'),
  openTime: i * M,
  intervalMs: M,
  open: 100,
  high: 100,
  low: 100,
  close: 100,
  volume: 0,
});

const opener = defineStrategy({
  name: 'opener',
  params: z.strictObject({}),
  warmup: 0,
  onBar: (_ctx, b) => ({ kind: 'open', market: b.symbol, side: 'LONG', quantity: 1, leverage: 1 }),
});

/** A stopwatch that says each read is 100 ms after the previous one: every hook looks slow. */
function slowStopwatch() {
  let reads = 0;
  return {
    get reads() {
      return reads;
    },
    elapsedMs: () => 100 * reads++,
  };
}

function runner(hookBudgetMs: number, stopwatch: ReturnType<typeof slowStopwatch>) {
  const events: StrategyEvent[] = [];
  const r = testRunner({
    strategy: opener,
    id: 'opener',
    clock: new VirtualClock(0),
    data: new MarketData(2),
    emit: (e) => events.push(e),
    hookBudgetMs,
    stopwatch,
  });
  return { r, events };
}

describe('StrategyRunner hook budget', () => {
  it('a finite budget times each hook and drops the intents of one that overran it', () => {
    const watch = slowStopwatch();
    const { r, events } = runner(50, watch);
    const out: readonly Intent[] = r.onBar(bar(1));
    expect(out).toEqual([]);
    expect(watch.reads).toBe(2);
    expect(events.map((e) => (e.type === 'hookFailed' ? e.failure : e.type))).toEqual(['overBudget']);
  });

  it('an infinite budget (backtests) never reads the stopwatch and keeps every intent', () => {
    const watch = slowStopwatch();
    const { r, events } = runner(Number.POSITIVE_INFINITY, watch);
    const out = r.onBar(bar(1));
    expect(out.map((i) => i.kind)).toEqual(['open']);
    expect(watch.reads).toBe(0);
    expect(events).toEqual([]);
  });
});
