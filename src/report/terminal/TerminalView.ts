import type { Clock, TimerHandle } from '../../clock/Clock.ts';
import type { DashboardSnapshot } from './DashboardSnapshot.ts';
import { renderDashboard } from './renderDashboard.ts';

/** The part of a TTY stream the view needs (process.stdout satisfies it). */
export interface ViewStream {
  write(s: string): boolean;
  readonly columns?: number;
  readonly isTTY?: boolean;
}

const HOME_AND_CLEAR = '\x1b[H\x1b[J';
const HIDE_CURSOR = '\x1b[?25l';
const SHOW_CURSOR = '\x1b[?25h';

/**
 * Redraws the dashboard in place every `everyMs` on a terminal. Not on a TTY it draws nothing:
 * there the plain log lines are the record, and screen codes in a log file only get in the way.
 */
export class TerminalView {
  private timer: TimerHandle | undefined;
  private readonly stream: ViewStream;
  private readonly clock: Clock;
  private readonly snapshot: () => DashboardSnapshot;
  private readonly everyMs: number;

  constructor(o: { stream: ViewStream; clock: Clock; snapshot: () => DashboardSnapshot; everyMs?: number }) {
    this.stream = o.stream;
    this.clock = o.clock;
    this.snapshot = o.snapshot;
    this.everyMs = o.everyMs ?? 1_000;
  }

  get active(): boolean {
    return this.stream.isTTY === true;
  }

  start(): void {
    if (!this.active || this.timer !== undefined) return;
    this.stream.write(HIDE_CURSOR);
    this.draw();
  }

  stop(): void {
    if (this.timer === undefined) return;
    this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.stream.write(SHOW_CURSOR);
  }

  private draw(): void {
    // A pseudo-terminal may report 0 columns: draw at a readable default rather than nothing.
    const cols = this.stream.columns ?? 0;
    const text = renderDashboard(this.snapshot(), { width: cols >= 40 ? cols : 100, colour: true });
    this.stream.write(`${HOME_AND_CLEAR}${text}\n`);
    this.timer = this.clock.setTimeout(() => this.draw(), this.everyMs);
  }
}
