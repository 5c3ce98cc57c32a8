import type { Command } from 'commander';
import { ConfigError } from '../../errors/ConfigError.ts';
import { parseInterval } from '../../market/parseInterval.ts';
import { exportBars } from '../../replay/exportBars.ts';
import { action } from '../action.ts';

/** `perpflow record export RECORDING --bars`: what a recording saw, for a backtest. */
export function registerRecordCommands(program: Command): void {
  const record = program.command('record').description('session recordings (see `perpflow replay`)');
  record
    .command('export <recording>')
    .description('write the bars a recording saw as CSV files `perpflow backtest --data SYMBOL=FILE` reads')
    .option('--bars', 'export the bars rebuilt from the recorded price polls')
    .option('--interval <interval>', 'bar interval: 10s, 1m, 1h …', '1m')
    .option('--out <dir>', 'directory of the CSV files', '.')
    .option('--json', 'print {"files":[{file,bars}]}')
    .action(
      action((recording: string, o: { bars?: boolean; interval: string; out: string; json?: boolean }) => {
        if (o.bars !== true) throw new ConfigError('record export: say what to export (--bars)');
        let intervalMs: number;
        try {
          intervalMs = parseInterval(o.interval);
        } catch (e) {
          throw new ConfigError(`--interval: ${e instanceof Error ? e.message : String(e)}`);
        }
        const files = exportBars(recording, intervalMs, o.out);
        process.stdout.write(
          o.json
            ? `${JSON.stringify({ files })}\n`
            : files
                .map((f) => `wrote ${f.bars} bars to ${f.file}`)
                .join('\n')
                .concat('\n'),
        );
      }),
    );
}
