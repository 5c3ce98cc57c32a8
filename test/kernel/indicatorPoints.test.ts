import { describe, expect, it } from 'vitest';
import type { IndicatorPoint } from '../../src/kernel/indicatorPoint.ts';
import { driveTo } from './support/driveTo.ts';
import { simKernelWith } from './support/simKernelWith.ts';

describe("a running sim bot's indicator points (what the console charts), intents and stop", () => {
  it('carry what sma-cross plots, each at its bar; its intents reach the venue, and the stop finds venue = ledger, naming no strategy idle', async () => {
    const { kernel, clock, start, said, stop } = await simKernelWith(
      '{ id: fast, module: sma-cross, interval: 30s, markets: [BTCUSDT], params: { fast: 2, slow: 3, quantity: 0.01 } }',
    );
    const points: IndicatorPoint[] = [];
    const sub = kernel.indicators$.subscribe((p) => points.push(p));
    await driveTo(clock, start + 5 * 60_000);
    sub.unsubscribe();
    const requests = kernel.executor.journal.all().length;
    await stop();
    expect(requests).toBeGreaterThan(0);
    expect(said.filter((l) => l.message.startsWith('venue = ledger at stop: '))).toHaveLength(1);
    expect(said.filter((l) => /^(NO_HOOK_RAN|NO_INTENT): /.test(l.message))).toEqual([]);
    expect(points.length).toBeGreaterThan(10);
    expect(new Set(points.map((p) => `${p.strategy} ${p.market} ${p.name}`))).toEqual(
      new Set(['fast BTCUSDT fast', 'fast BTCUSDT slow']),
    );
    // Each at a bar's open time, within the run.
    for (const p of points) {
      expect(p.time % 30_000).toBe(0);
      expect(p.time).toBeGreaterThanOrEqual(start);
      expect(Number.isFinite(p.value)).toBe(true);
    }
  }, 60_000);
});
