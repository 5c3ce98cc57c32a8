import type { VirtualClock } from '../clock/VirtualClock.ts';

/** Lets what one instant set off (awaits, journal writes, answered calls) finish before the next timer. */
async function quiesce(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise<void>((r) => setImmediate(r));
}

/**
 * Moves the clock to `end` one due time at a time, settling between them, or stops earlier when
 * `done` says so. The replayed kernel then sees its timers and the recorded answers in the order
 * of their times, as the recorded process did.
 */
export async function driveClock(
  clock: VirtualClock,
  end: number,
  done: () => boolean = () => false,
): Promise<void> {
  await quiesce();
  while (!done()) {
    const due = clock.nextDue();
    if (due === undefined || due > end) break;
    await clock.advanceTo(due);
    await quiesce();
  }
  if (!done() && clock.now() < end) await clock.advanceTo(end);
  await quiesce();
}
