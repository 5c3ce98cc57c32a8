import type { Command } from 'commander';
import { action } from '../action.ts';
import { collect, type DriverIo, processIo } from '../driverIo.ts';

/** The driver lives in backtest/ (top level); src/ never imports it statically (layering rule). */
const DRIVER = new URL('../../../backtest/optimize/optimizeCommand.ts', import.meta.url);

interface Driver {
  optimizeCommand(config: string, options: Record<string, unknown>, io: DriverIo): Promise<void>;
}

/** `perpflow optimize CONFIG --data SYMBOL=FILE --trials N …`: a parameter search over backtests. */
export function registerOptimizeCommand(program: Command): void {
  program
    .command('optimize')
    .description(
      "search a strategy's params (its config entry's optimize section) by backtests: TPE, random or grid; with --train or --walk-forward the best params are tested on data the search never saw",
    )
    .argument('<config>', 'config file; the strategy entry to tune has an optimize section')
    .requiredOption(
      '--data <SYMBOL=FILE>',
      'bars of one market (CSV or JSON); repeat for more markets',
      collect,
    )
    .option('--funding <SYMBOL=FILE>', 'funding-rate series of one market; repeat for more', collect)
    .option('--from <ISO>', 'first bar time (inclusive), ISO 8601 UTC')
    .option('--to <ISO>', 'end of the range (exclusive), ISO 8601 UTC')
    .option('--trials <N>', 'trials in the study (a resumed study runs only the rest)', '100')
    .option(
      '--pruner <NAME>',
      'median: stop a trial whose objective at 25/50/75% of its bars is worse than the median of earlier complete trials there; none',
      'none',
    )
    .option('--sampler <NAME>', 'tpe (multivariate Parzen estimators), random or grid', 'tpe')
    .option(
      '--objective <NAME>',
      'sharpe, sortino, calmar, sqn, return-drawdown, return, or max-drawdown (minimised)',
      'sharpe',
    )
    .option('--train <PCT>', 'search the first PCT of the range (like 70%); test the best on the rest')
    .option(
      '--walk-forward <train=DUR,test=DUR>',
      'a study per training window, its best run on the next test window',
    )
    .option('--study <NAME>', 'keep the study in --storage under NAME; run again to resume it')
    .option(
      '--storage <FILE|URL>',
      'where --study keeps its trials: a SQLite file, or a postgres:// URL that several machines share',
      'optimize-studies.sqlite',
    )
    .option('--strategy <ID>', 'the strategy entry to tune, when several have an optimize section')
    .option('--seed <S>', 'seed of the sampler: the same seed, data and config give the same trials', '0')
    .option('--top <K>', 'rows of the ranked table', '10')
    .option(
      '--queue <URL>',
      'run the trials on `perpflow worker URL` processes through the sweep queue (PostgreSQL)',
    )
    .option('--parallel <K>', 'with --queue: trials in the queue at once', '4')
    .option(
      '--queue-expire-seconds <S>',
      'with --queue: a trial unfinished this long goes to another worker',
      '900',
    )
    .option('--queue-retries <N>', 'with --queue: tries after the first before a trial counts as failed', '3')
    .option('--queue-poll-ms <MS>', 'with --queue: how often the results are read', '500')
    .option('--json', 'print the study as JSON (errors too, on stderr)')
    .option(
      '--report <FILE>',
      "write an HTML report: history, parameter importance, slices, the best params' equity in and out of sample",
    )
    .action(
      action(async (config: string, o: Record<string, unknown>) => {
        const io = await processIo();
        const driver: Driver = await import(DRIVER.href);
        await driver.optimizeCommand(config, o, io);
      }),
    );
}
