import { describe, expect, it, vi } from 'vitest';
import type { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { Executor } from '../../src/execution/Executor.ts';
import type { JournalPort } from '../../src/journal/JournalPort.ts';
import { MemoryJournal } from '../../src/journal/MemoryJournal.ts';
import { openJournal } from '../../src/journal/openJournal.ts';
import { openIntent, setupVenue, tempJournalPath } from './harness.ts';

/** The delays of every timer set on the clock while one open goes from submit to FILLED. */
async function timersOfOneOpen(journalOf: (clock: VirtualClock) => JournalPort): Promise<number[]> {
  const v = await setupVenue();
  const ex = await Executor.start({
    venue: v.venue,
    journal: journalOf(v.clock),
    clock: v.clock,
    execution: { batchWindowMs: 0 },
  });
  const set = vi.spyOn(v.clock, 'setTimeout');
  const open = openIntent('turns-1');
  await ex.submit(open);
  await v.clock.runUntil(() => ex.isIdle(), 60_000);
  const delays = set.mock.calls.map((c) => c[1]);
  expect(ex.journal.byIntent(open.intentId)[0]?.status).toBe('FILLED');
  await ex.stop();
  return delays;
}

// 10,000: the client's request time-outs; 300: the simulator's fill; 200: the first status poll.
describe('the timers of a round trip with a batch window of 0', () => {
  it('on a MemoryJournal include no 0 ms timer: the batch flush and the outcome commit wait only for a microtask', async () => {
    expect(await timersOfOneOpen((clock) => new MemoryJournal(clock))).toEqual([
      10_000, 300, 200, 10_000, 300, 10_000,
    ]);
  });

  it('on the SQLite journal add one 0 ms timer, the outcome commit, so outcomes of one timer tick share an fsync', async () => {
    expect(await timersOfOneOpen((clock) => openJournal({ path: tempJournalPath(), clock }).journal)).toEqual(
      [10_000, 300, 200, 10_000, 300, 10_000, 0],
    );
  });
});
