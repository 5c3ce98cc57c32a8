import type { Command } from 'commander';
import { action } from '../action.ts';
import { collect, type DriverIo, processIo } from '../driverIo.ts';

/** The driver lives in backtest/ (top level); src/ never imports it statically (layering rule). */
const DRIVER = new URL('../../../backtest/cli/backtestCommand.ts', import.meta.url);
/** Reads --data and --funding on a worker thread while the driver's modules load (a small module). */
const READER = new URL('../../../backtest/data/readDataInWorker.ts', import.meta.url);
/** With --queue: the sweep as jobs for `perpflow worker` processes (loads pg and pg-boss). */
const QUEUE_DRIVER = new URL('../../../backtest/sweep/queue/queuedSweepCommand.ts', import.meta.url);

/** What the driver module exports for this command (typed here so src/ needs no import of it). */
interface Driver {
  backtestCommand(
    config: string,
    options: Record<string, unknown>,
    io: DriverIo,
    reading: unknown,
  ): Promise<unknown>;
}

interface Reader {
  startReadingData(options: Record<string, unknown>): unknown;
}

interface QueueDriver {
  queuedSweepCommand(config: string, options: Record<string, unknown>, io: DriverIo): Promise<unknown>;
}

/** `perpflow backtest CONFIG --data SYMBOL=FILE …`: the strategies of CONFIG on historical bars. */
export function registerBacktestCommand(program: Command): void {
  program
    .command('backtest')
    .description(
      'run the strategies of CONFIG on historical bars through the live stack (simulated venue, virtual clock)',
    )
    .argument('<config>', 'config file: strategies, risk limits and the backtest section')
    .requiredOption(
      '--data <SYMBOL=FILE>',
      'bars of one market (CSV or JSON); repeat for more markets',
      collect,
    )
    .option('--funding <SYMBOL=FILE>', 'funding-rate series of one market; repeat for more', collect)
    .option('--from <ISO>', 'first bar time (inclusive), ISO 8601 UTC')
    .option('--to <ISO>', 'end of the range (exclusive), ISO 8601 UTC')
    .option('--json <FILE>', 'write metrics, final equity, the equity curve and every trade as JSON')
    .option('--report <FILE>', 'write a self-contained HTML report')
    .option(
      '--drift <JOURNAL>',
      'compare a live journal (SQLite) with this backtest of the bars it saw: the drift report, the backtest as the model',
    )
    .option(
      '--sweep <PARAM=FROM..TO:STEP>',
      'run every value (repeat for a grid) across worker threads; a ranked table',
      collect,
    )
    .option(
      '--walk-forward <train=DUR,test=DUR>',
      'with --sweep: pick the best on each training window, run it on the next test window',
    )
    .option(
      '--queue <URL>',
      'with --sweep: queue the sets in PostgreSQL for `perpflow worker URL` processes instead of local threads',
    )
    .option(
      '--queue-expire-seconds <S>',
      'with --queue: a set unfinished this long goes to another worker',
      '900',
    )
    .option('--queue-retries <N>', 'with --queue: tries after the first before a set counts as failed', '3')
    .action(
      action(async (config: string, o: Record<string, unknown>) => {
        // First: the CSV parse then overlaps loading the kernel (undefined for a sweep).
        const reader: Reader = await import(READER.href);
        const reading = reader.startReadingData(o);
        const io = await processIo();
        if (o.queue !== undefined) {
          const queued: QueueDriver = await import(QUEUE_DRIVER.href);
          await queued.queuedSweepCommand(config, o, io);
          return;
        }
        const driver: Driver = await import(DRIVER.href);
        await driver.backtestCommand(config, o, io, reading);
      }),
    );
}
