import type { Command } from 'commander';
import { action } from '../action.ts';

/** The driver lives in backtest/ (top level); src/ never imports it statically (layering rule). */
const DRIVER = new URL('../../../backtest/sweep/queue/workerCommand.ts', import.meta.url);

/** What the driver module exports (typed here so src/ needs no import of it). */
interface Driver {
  workerCommand(
    url: string,
    options: Record<string, unknown>,
    io: {
      stderr: NodeJS.WritableStream;
      now: () => number;
      sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
    },
  ): Promise<void>;
}

/** `perpflow worker postgres://…`: runs the sets of sweeps queued with `backtest --queue`. */
export function registerWorkerCommand(program: Command): void {
  program
    .command('worker')
    .description(
      'take parameter sets of sweeps queued with `backtest --sweep … --queue URL` (and the trials of `optimize … --queue URL`), run them, write the results to PostgreSQL',
    )
    .argument('<url>', 'the queue: postgres://user:password@host:5432/database')
    .option(
      '--data-dir <DIR>',
      "where this machine keeps the sweeps' files, by name or sha256 (else the paths given)",
    )
    .option('--poll-ms <MS>', 'wait between looks at an empty queue', '500')
    .option(
      '--maintenance-seconds <S>',
      "how often to put a dead worker's expired sets back in the queue",
      '30',
    )
    .action(
      action(async (url: string, o: Record<string, unknown>) => {
        // Imported here: pg and pg-boss load only when a worker runs.
        const { SystemClock } = await import('../../clock/SystemClock.ts');
        const driver: Driver = await import(DRIVER.href);
        const clock = new SystemClock();
        await driver.workerCommand(url, o, {
          stderr: process.stderr,
          now: () => clock.now(),
          sleep: (ms, signal) => clock.sleep(ms, signal),
        });
      }),
    );
}
