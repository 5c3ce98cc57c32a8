import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StrategyEvent } from '../../src/strategy/runnerEvents.ts';
import { driveTo } from './support/driveTo.ts';
import { simKernelWith } from './support/simKernelWith.ts';

describe('a running sim bot whose strategy fails', () => {
  it('reports each failed hook and the pause, on its events stream and in its log', async () => {
    const { kernel, clock, start, said, stop } = await simKernelWith(
      `{ id: boom, module: ${join(import.meta.dirname, 'fixtures/throwsOnTick.ts')}, markets: [BTCUSDT] }`,
    );
    const events: StrategyEvent[] = [];
    const sub = kernel.strategyEvents$.subscribe((e) => events.push(e));
    await driveTo(clock, start + 2 * 60_000);
    sub.unsubscribe();
    await stop();
    const failed = events.filter((e) => e.type === 'hookFailed');
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((e) => e.strategyId === 'boom' && e.hook === 'onTick')).toBe(true);
    expect(events.filter((e) => e.type === 'paused').map((e) => e.strategyId)).toEqual(['boom']);
    expect(said.filter((l) => l.message.startsWith('strategy boom onTick: ')).length).toBe(failed.length);
    expect(said.filter((l) => l.message.startsWith('strategy boom paused after '))).toHaveLength(1);
  }, 60_000);
});
