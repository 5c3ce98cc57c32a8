import { describe, expect, it } from 'vitest';
import { Executor } from '../../src/execution/Executor.ts';
import { MemoryJournal } from '../../src/journal/MemoryJournal.ts';
import { ExecutorBook } from '../../src/kernel/executorBook.ts';
import { openIntent, setupVenue } from '../execution/harness.ts';

describe('ExecutorBook', () => {
  it('names the intent that opened each of a strategy’s positions, and again after a restart on the same journal', async () => {
    const v = await setupVenue();
    const journal = new MemoryJournal(v.clock);
    const first = await Executor.start({ venue: v.venue, journal, clock: v.clock });
    const a = openIntent('book-a');
    const b = openIntent('book-b', { allowStacking: true, side: 'SHORT' });
    for (const i of [a, b]) {
      expect((await first.submit(i)).status).toBe('accepted');
      await v.clock.runUntil(() => first.isIdle(), 60_000);
    }
    const named = (ex: Executor) =>
      new ExecutorBook(ex).positions(a.strategyId).map((p) => [p.side, p.quantity, p.intentId]);
    const expected = [
      ['LONG', 0.01, a.intentId],
      ['SHORT', 0.01, b.intentId],
    ];
    expect(named(first)).toEqual(expected);
    await first.stop();
    const restarted = await Executor.start({ venue: v.venue, journal, clock: v.clock });
    expect(named(restarted)).toEqual(expected);
    await restarted.stop();
  });
});
