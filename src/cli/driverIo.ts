/** What a command's driver in backtest/ writes to and waits with (typed here: src/ never imports backtest/ statically). */
export interface DriverIo {
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  readonly now: () => number;
  readonly sleep: (ms: number) => Promise<void>;
}

/** The process's streams and the system clock, loaded when the command runs: `--help` must not load rxjs (via the clock). */
export async function processIo(): Promise<DriverIo> {
  const { SystemClock } = await import('../clock/SystemClock.ts');
  const clock = new SystemClock();
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    now: () => clock.now(),
    sleep: (ms) => clock.sleep(ms),
  };
}

/** A repeatable option's values, in the order given. */
export const collect = (value: string, previous: string[] = []): string[] => [...previous, value];
