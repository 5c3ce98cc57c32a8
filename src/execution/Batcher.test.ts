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
});
