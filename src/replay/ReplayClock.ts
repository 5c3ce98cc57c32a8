import { type Clock, sleepOn, type TimerHandle } from '../clock/Clock.ts';
import { ClockScheduler } from '../clock/ClockScheduler.ts';
import { VirtualClock } from '../clock/VirtualClock.ts';
import type { RecordLine } from '../kernel/record/recordLines.ts';

/**
 * The virtual clock of a replay, whose timers fire as late as the recorded process's did (the
 * `l` lines: a due time, and by how much the timers due then fired late), so that what was
 * decided when a late timer fired is decided at the same clock reading again.
 */
export class ReplayClock extends VirtualClock {
  private readonly late = new Map<number, number>();
  private readonly deferred = new Map<number, TimerHandle>();

  constructor(start: number, lines: readonly RecordLine[]) {
    super(start);
    for (const l of lines) if (l.k === 'l') this.late.set(l.t, l.d);
  }

  /** A wait of the replay itself (an answer due), which no recorded lateness applies to. */
  sleepExactly(ms: number): Promise<void> {
    return new Promise((resolve) => super.setTimeout(resolve, ms));
  }

  /**
   * This clock without the recorded lateness, for what the recorded process did not run (the
   * simulator that answers a changed strategy's new requests): its timers are due when it says.
   */
  exact(): Clock {
    const exact: Clock = {
      now: () => this.now(),
      setTimeout: (fn, ms) => super.setTimeout(fn, ms),
      clearTimeout: (handle) => super.clearTimeout(handle),
      sleep: (ms, signal) => sleepOn(exact, ms, signal),
      get scheduler() {
        return scheduler;
      },
    };
    const scheduler = new ClockScheduler(exact);
    return exact;
  }

  override setTimeout(fn: () => void, ms: number): TimerHandle {
    const due = this.now() + Math.max(0, ms);
    const handle = super.setTimeout(() => {
      const late = this.late.get(due) ?? 0;
      if (late <= 0) {
        fn();
        return;
      }
      // Fired as late as it did then: whatever runs in it reads that time.
      const deferred = super.setTimeout(() => {
        this.deferred.delete(handle.id);
        fn();
      }, late);
      this.deferred.set(handle.id, deferred);
    }, ms);
    return handle;
  }

  override clearTimeout(handle: TimerHandle): void {
    super.clearTimeout(handle);
    const deferred = this.deferred.get(handle.id);
    if (deferred !== undefined) super.clearTimeout(deferred);
    this.deferred.delete(handle.id);
  }
}
