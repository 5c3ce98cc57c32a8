import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { openJournal } from '../../src/journal/openJournal.ts';
import { silentLogger } from '../../src/log/Logger.ts';
import { dcaOnSim } from './dcaOnSim.ts';
import { EarlyTimers } from './earlyTimers.ts';

// A due time of dca's 15-second cron.
const DUE = Date.UTC(2026, 0, 5, 0, 0, 45);
const tickOf = (at: number): number => Math.round(at / 15_000) * 15_000;

async function scenario(startOffset: number, restartOffset: number): Promise<number[]> {
  const virtual = new VirtualClock(DUE + startOffset);
  const clock = new EarlyTimers(virtual);
  const { journalPath, run, stop } = await dcaOnSim({ virtual, clock });
  await run(DUE + restartOffset, silentLogger);
  await run(DUE + 31_000, silentLogger);
  stop();
  const { journal } = openJournal({ path: journalPath, clock });
  const opens = journal
    .all()
    .filter((r) => r.kind === 'open')
    .map((r) => tickOf(r.createdAt) - DUE);
  journal.close();
  return opens.sort((a, b) => a - b);
}

describe('dca across a restart, on timers that fire 1 ms early', () => {
  it.each([
    [-1_500, -1],
    [-1_500, 0],
    [-1_500, 1],
    [-10_000, 450],
    [-1, 2],
  ])('started %i ms and restarted %i ms from a due time: one open per due time', async (start, restart) => {
    const opens = await scenario(start, restart);
    // The kernel trades only once the first prices are in, so every due time is bought: once.
    expect(opens).toEqual([0, 15_000, 30_000]);
  });
});
