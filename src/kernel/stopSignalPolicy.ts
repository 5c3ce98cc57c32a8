/** What a SIGINT or SIGTERM means, given the ones before it. */
export const StopAction = {
  /** The first: stop gracefully. */
  STOP: 'stop',
  /** The same keypress again, or a signal after the stop finished: nothing to do. */
  IGNORE: 'ignore',
  /** A second request while the stop is still running: exit at once. */
  EXIT_NOW: 'exitNow',
} as const;
export type StopAction = (typeof StopAction)[keyof typeof StopAction];

/**
 * One Ctrl-C on a terminal can reach the bot twice: the terminal signals the whole process group
 * (the npm launcher and the bot), and the launcher forwards what it receives, because a signal
 * sent to it alone (`kill`, a service manager) must reach the bot too. Process signals carry no
 * sender, so a repeat this soon after the first counts as the same request; a person pressing
 * Ctrl-C again because the stop takes long does so later.
 */
export const SAME_REQUEST_MS = 750;

/** Decides each stop signal by when it came (a monotonic ms reading) and whether the stop ended. */
export class StopSignalPolicy {
  private firstAt: number | undefined;
  private finished = false;

  decide(atMs: number): StopAction {
    if (this.finished) return StopAction.IGNORE;
    if (this.firstAt === undefined) {
      this.firstAt = atMs;
      return StopAction.STOP;
    }
    return atMs - this.firstAt < SAME_REQUEST_MS ? StopAction.IGNORE : StopAction.EXIT_NOW;
  }

  /** The stop is over (the log is closed): later signals change nothing, not even the exit code. */
  finish(): void {
    this.finished = true;
  }

  get isFinished(): boolean {
    return this.finished;
  }
}
