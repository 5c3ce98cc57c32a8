import type { VirtualClock } from '../src/clock/VirtualClock.ts';
import type { Intent } from '../src/domain/intent.ts';
import type { BarWalker } from './BarWalker.ts';

/** How far `QuietBar.walk` took a bar: the driver's general path goes on from there. */
export const BarPhase = {
  /** Nothing done: the bar is the general path's from its start. */
  none: 0,
  /** The clock is at the open and the marks are the opens: the general path goes on from the submits. */
  opened: 1,
  /** The close marks stopped at a timer fallen due (`closeMarks` false): the walk goes on from there. */
  closeMarksStopped: 2,
  /** The walk is over, the clock at the close slot: the general path settles and closes the bar. */
  walked: 3,
  /** The whole bar: closed, the strategies have seen it. */
  done: 4,
} as const;
export type BarPhase = (typeof BarPhase)[keyof typeof BarPhase];

/** The driver's state across bars, which the quiet path reads and sets as the general path does. */
export interface DriveState {
  /** Intents decided since the last open, to be submitted at the next. */
  pending: Intent[];
  /** Whether a new intent waits for the next open (from the close to the open) or is sent at once. */
  holding: boolean;
  /** The kernel's count of fired schedules the driver has let run. */
  jobsSeen: number;
  /**
   * Positions live as the executor last knew them (after the last bar, or this bar's submits):
   * fewer now means the venue closed some (a liquidation, at the open or inside the bar).
   */
  live: number;
}

export interface QuietBarParts {
  readonly clock: VirtualClock;
  readonly walker: BarWalker;
  /** The bar times (the timeline's): `walk` takes an index, as a double argument is a heap number per call. */
  readonly times: Float64Array;
  readonly intervalMs: number;
  /** The close slot's time after the bar's open. */
  readonly closeSlotMs: number;
  /** The bar whose open closes everything (`closeAtEnd: lastOpen`), else -1. */
  readonly closeAtOpenOf: number;
  /** The executor: nothing in flight. */
  readonly executor: { isIdle(): boolean };
  readonly schedulesFired: () => number;
  readonly liveCount: () => number;
  readonly pushFunding: (now: number) => void;
}

/** Nothing waits for the driver: no intent for the next open, no schedule fired unseen, nothing in flight. */
export function nothingWaits(p: QuietBarParts, s: DriveState): boolean {
  return s.pending.length === 0 && p.schedulesFired() === s.jobsSeen && p.executor.isIdle();
}

/**
 * A bar on which nothing can happen, walked in one synchronous call: the general path's steps on
 * its common case (open marks, no submit, paths empty, the close marks, the closed bar to the
 * kernel) in the same order, without its awaits and checks for what cannot occur. A bar qualifies
 * when no intent waits, no schedule fired unseen, nothing is in flight and no timer falls due
 * before the bar's close; after the open, when nothing fell due, nothing was decided and the paths
 * are empty. Where one of these fails, `walk` returns the phase it reached and the general path
 * goes on from there, as if it had done the same steps itself.
 */
export class QuietBar {
  private readonly p: QuietBarParts;
  private readonly s: DriveState;

  constructor(parts: QuietBarParts, state: DriveState) {
    this.p = parts;
    this.s = state;
  }

  /** Bar `i` of the timeline, as far as it is quiet. */
  walk(i: number): BarPhase {
    const { clock, walker, executor, liveCount } = this.p;
    const s = this.s;
    const t = this.p.times[i] ?? Number.NaN;
    const end = t + this.p.intervalMs;
    if (!nothingWaits(this.p, s) || i === this.p.closeAtOpenOf) return BarPhase.none;
    let next = clock.nextDue();
    if (next !== undefined && next <= end) return BarPhase.none;
    // The driver's moveTo with nothing in flight: its synchronous step, no timer on the way.
    if (t > clock.now()) clock.advanceSync(t - clock.now());
    walker.open(t);
    if (clock.hasDue() || s.pending.length > 0) return BarPhase.opened;
    const closeSlot = t + this.p.closeSlotMs;
    next = clock.nextDue();
    if ((next !== undefined && next <= closeSlot) || !executor.isIdle() || !walker.pathsEmpty())
      return BarPhase.opened;
    s.holding = false;
    if (closeSlot > clock.now()) clock.advanceSync(closeSlot - clock.now());
    if (!walker.closeMarks()) return BarPhase.closeMarksStopped;
    if (!executor.isIdle() || liveCount() < s.live) return BarPhase.walked;
    s.holding = true;
    // The driver's moveTo to the close, idle: timers due on the way fire in its synchronous step.
    if (end > clock.now()) clock.advanceSync(end - clock.now());
    this.p.pushFunding(clock.now());
    walker.close();
    return BarPhase.done;
  }
}
