import type { Command } from 'commander';
import { ConfigError } from '../../errors/ConfigError.ts';
import { isPostgresUrl } from '../../journal/postgres/pgWhere.ts';
import { parseInterval } from '../../market/parseInterval.ts';
import { exportBars } from '../../replay/exportBars.ts';
import { action } from '../action.ts';
import { type RecordingChoice, recordingSource } from './recordingSource.ts';

interface ExportFlags extends RecordingChoice {
  readonly bars?: boolean;
  readonly interval: string;
  readonly out: string;
  readonly json?: boolean;
}

/** `perpflow record export RECORDING --bars`: what a recording saw, for a backtest; `record list URL`. */
export function registerRecordCommands(program: Command): void {
  const record = program.command('record').description('session recordings (see `perpflow replay`)');
  record
    .command('export <recording>')
    .description('write the bars a recording saw as CSV files `perpflow backtest --data SYMBOL=FILE` reads')
    .option('--bars', 'export the bars rebuilt from the recorded price polls')
    .option('--interval <interval>', 'bar interval: 10s, 1m, 1h …', '1m')
    .option('--out <dir>', 'directory of the CSV files', '.')
    .option('--scope <scope>', 'a postgres:// recording: the lease scope, when it holds several')
    .option('--segment <name>', 'a postgres:// recording: only this segment (`perpflow record list URL`)')
    .option('--json', 'print {"files":[{file,bars}]}')
    .action(
      action(async (recording: string, o: ExportFlags) => {
        if (o.bars !== true) throw new ConfigError('record export: say what to export (--bars)');
        let intervalMs: number;
        try {
          intervalMs = parseInterval(o.interval);
        } catch (e) {
          throw new ConfigError(`--interval: ${e instanceof Error ? e.message : String(e)}`);
        }
        const files = exportBars(await recordingSource(recording, o), intervalMs, o.out);
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
  record
    .command('list <url>')
    .description("the segments of a PostgreSQL journal's recording (one per process run, UTC day and size)")
    .option('--json', 'print {"segments":[{scope,segment,from,to,batches,bytes}]}')
    .action(
      action(async (url: string, o: { json?: boolean }) => {
        if (!isPostgresUrl(url)) throw new ConfigError('record list: expected a postgres:// URL');
        const { listPgRecording } = await import('../../kernel/record/pg/readPgRecording.ts');
        const segments = await listPgRecording(url);
        process.stdout.write(
          o.json
            ? `${JSON.stringify({ segments })}\n`
            : segments
                .map(
                  (s) =>
                    `${s.scope}  ${s.segment}  ${new Date(s.from).toISOString()} → ${new Date(s.to).toISOString()}  ${s.batches} batches  ${s.bytes} bytes`,
                )
                .join('\n')
                .concat('\n'),
        );
      }),
    );
}
