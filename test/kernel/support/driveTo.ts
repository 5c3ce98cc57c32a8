import type { VirtualClock } from '../../../src/clock/VirtualClock.ts';

/** Lets in-process requests, journal writes and status reads set off at one instant finish. */
async function quiesce(): Promise<void> {
  for (let i = 0; i < 10; i++) await new Promise<void>((r) => setImmediate(r));
}

/**
 * Moves the clock to `end` one due time at a time, letting everything an instant set off settle
 * before the next: live gets that for free (the next poll is a real quarter hour away); here a
 * chain that outlasted VirtualClock's one turn between timers would see its fill land on the next
 * slot's mark. Today one turn suffices; the rest is margin against a new await on that chain.
 */
export async function driveTo(clock: VirtualClock, end: number): Promise<void> {
  for (;;) {
    const due = clock.nextDue();
    if (due === undefined || due > end) break;
    await clock.advanceTo(due);
    await quiesce();
  }
  await clock.advanceTo(end);
}
