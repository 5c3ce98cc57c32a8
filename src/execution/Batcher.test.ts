import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../clock/VirtualClock.ts';
import { Batcher } from './Batcher.ts';

describe('Batcher', () => {
  it('sends what arrives within the window as one flush per operation kind', async () => {
    const clock = new VirtualClock();
    const flushed: [string, number[]][] = [];
    const b = new Batcher<string, number>(clock, 5, 20, (k, items) => flushed.push([k, items]));
    b.add('open', 1);
    await clock.advance(3);
    b.add('open', 2);
    b.add('close', 3);
    expect(flushed).toEqual([]);
    await clock.advance(2);
    expect(flushed).toEqual([['open', [1, 2]]]);
    await clock.advance(3);
    expect(flushed).toEqual([
      ['open', [1, 2]],
      ['close', [3]],
    ]);
  });

  it('flushes a full batch at once without waiting for the window', () => {
    const clock = new VirtualClock();
    const flushed: number[][] = [];
    const b = new Batcher<string, number>(clock, 5, 3, (_k, items) => flushed.push(items));
    for (const i of [1, 2, 3, 4]) b.add('open', i);
    expect(flushed).toEqual([[1, 2, 3]]);
    expect(b.size).toBe(1);
  });

  it('with a window of 0 sends what one synchronous run added as one flush, in a microtask and with no timer', async () => {
    const clock = new VirtualClock();
    const flushed: [string, number[]][] = [];
    const b = new Batcher<string, number>(clock, 0, 20, (k, items) => flushed.push([k, items]));
    b.add('open', 1);
    b.add('open', 2);
    b.add('close', 3);
    expect(flushed).toEqual([]);
    expect(clock.pendingTimers).toBe(0);
    await Promise.resolve();
    expect(flushed).toEqual([
      ['open', [1, 2]],
      ['close', [3]],
    ]);
    b.add('open', 4);
    await Promise.resolve();
    expect(flushed.at(-1)).toEqual(['open', [4]]);
  });

  it('with a window of 0 sends nothing that was drained, and the microtask of a drained slot does not flush a later one early', async () => {
    const clock = new VirtualClock();
    const flushed: number[][] = [];
    const b = new Batcher<string, number>(clock, 0, 20, (_k, items) => flushed.push(items));
    b.add('open', 1);
    // Queued between the drained slot's microtask and the new slot's: it still joins the new slot.
    queueMicrotask(() => b.add('open', 3));
    expect(b.drain()).toEqual([1]);
    b.add('open', 2);
    await new Promise<void>((resolve) => queueMicrotask(() => queueMicrotask(resolve)));
    expect(flushed).toEqual([[2, 3]]);
  });
});
