import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MemoryLines } from '../../test/kernel/support/MemoryLines.ts';
import type { Stopwatch } from '../clock/Stopwatch.ts';
import { VirtualClock } from '../clock/VirtualClock.ts';
import type { Bar } from '../domain/bar.ts';
import { MarketSymbol } from '../domain/ids.ts';
import { Recorder } from '../kernel/record/Recorder.ts';
import { segmentsOf } from '../kernel/record/readRecording.ts';
import { testHeader } from '../kernel/record/testHeader.ts';
import { defineStrategy } from '../strategy/defineStrategy.ts';
import type { HookBudgetOptions } from '../strategy/HookBudget.ts';
import { MarketData } from '../strategy/MarketData.ts';
import type { StrategyEvent } from '../strategy/runnerEvents.ts';
import { testRunner } from '../strategy/testRunner.ts';
import { recordedOverruns } from './recordedOverruns.ts';

const bar = (i: number): Bar => ({
  symbol: MarketSymbol('BTCUSDT'),
  openTime: i * 60_000,
  intervalMs: 60_000,
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

/** Six bars, two at each clock reading; what each call returned and every event, as text. */
async function runBars(budget: HookBudgetOptions, slow: ReadonlySet<number>) {
  const clock = new VirtualClock(1_000);
  const events: StrategyEvent[] = [];
  const r = testRunner({
    strategy: opener,
    clock,
    data: new MarketData(2),
    emit: (e) => events.push(e),
    ...budget,
  });
  const taken: number[] = [];
  for (let i = 0; i < 6; i++) {
    if (i % 2 === 0) await clock.advance(60_000);
    if (budget.stopwatch !== undefined) Reflect.set(budget.stopwatch, 'step', slow.has(i) ? 75.4 : 0);
    taken.push(r.onBar(bar(i)).length);
  }
  const said = events.map((e) =>
    e.type === 'hookFailed'
      ? `${e.at} ${e.failure} ${e.error.message} ${e.consecutiveFailures}`
      : `${e.at} ${e.type}`,
  );
  return { taken, said };
}

describe('a hook call over budget, recorded and failed again by a replay', () => {
  it('reads back as the same calls, which the replay fails with the same events and pause, never timing one', async () => {
    const clock = new VirtualClock(0);
    const sink = new MemoryLines();
    const rec = new Recorder(sink, clock, []);
    // Each stopwatch read is `step` ms after the previous: a call takes `step` (begin, over).
    const watch = { step: 0, now: 0, elapsedMs: () => (watch.now += watch.step) };
    // Call 1, then 3, 4 and 5 (two calls at each clock reading): the third in a row pauses.
    const slow = new Set([1, 3, 4, 5]);
    const live = await runBars(
      { hookBudgetMs: 50, stopwatch: watch, onOverrun: (o) => rec.overrun('opener', o) },
      slow,
    );
    expect(live.taken).toEqual([1, 0, 1, 0, 0, 0]);
    expect(live.said.at(-1)).toBe('181000 paused');

    const [seg] = segmentsOf([{ name: 'mem', text: () => [testHeader(), ...sink.lines].join('\n') }]);
    expect(seg?.lines).toEqual([
      { k: 'b', t: 61_000, id: 'opener', h: 'onBar', n: 1, d: 75.4, b: 50 },
      { k: 'b', t: 121_000, id: 'opener', h: 'onBar', n: 3, d: 75.4, b: 50 },
      { k: 'b', t: 181_000, id: 'opener', h: 'onBar', n: 4, d: 75.4, b: 50 },
      { k: 'b', t: 181_000, id: 'opener', h: 'onBar', n: 5, d: 75.4, b: 50 },
    ]);
    const script = recordedOverruns(seg?.lines ?? [], () => true)('opener');
    const untouched: Stopwatch = {
      elapsedMs: () => {
        throw new Error('a replay timed a hook');
      },
    };
    const replayed = await runBars(
      {
        hookBudgetMs: Number.POSITIVE_INFINITY,
        stopwatch: untouched,
        ...(script === undefined ? {} : { overruns: script }),
      },
      new Set(),
    );
    expect(replayed).toEqual(live);
    expect(live.said).toEqual([
      '61000 overBudget strategy opener: onBar took 75 ms, over its 50 ms budget 1',
      '121000 overBudget strategy opener: onBar took 75 ms, over its 50 ms budget 1',
      '181000 overBudget strategy opener: onBar took 75 ms, over its 50 ms budget 2',
      '181000 overBudget strategy opener: onBar took 75 ms, over its 50 ms budget 3',
      '181000 paused',
    ]);
  });

  it('fails no call of a strategy the recording has none for, nor of a changed one', () => {
    const lines = [{ k: 'b', t: 1, id: 'a', h: 'onBar', n: 0, d: 60, b: 50 } as const];
    expect(recordedOverruns(lines, () => true)('b')).toBeUndefined();
    expect(recordedOverruns(lines, (id) => id !== 'a')('a')).toBeUndefined();
    expect(recordedOverruns(lines, () => true)('a')?.('onBar', 0)?.took).toBe(60);
    expect(recordedOverruns(lines, () => true)('a')?.('onTick', 0)).toBeUndefined();
  });
});
