import { writeFileSync } from 'node:fs';
import { ConfigError } from '../../../src/errors/ConfigError.ts';
import { isPostgresUrl } from '../../../src/journal/postgres/pgWhere.ts';
import type { BacktestCommandOptions } from '../../cli/backtestCommand.ts';
import { parseSymbolFile, parseWhen } from '../../cli/parseArgs.ts';
import { parseSweep } from '../parseSweep.ts';
import { sweepTable } from '../runSweep.ts';
import { sweepHeatmapHtml } from '../sweepHeatmap.ts';
import { parseWalkForward, walkForward, walkForwardTable } from '../walkForward.ts';
import { submitQueuedSweep } from './submitQueuedSweep.ts';
import { sweepProgressPrinter } from './sweepProgressPrinter.ts';

/** `perpflow backtest`'s options when `--queue` is given. */
export interface QueuedOptions extends BacktestCommandOptions {
  readonly queue: string;
  readonly queueExpireSeconds?: string;
  readonly queueRetries?: string;
}

export interface QueuedIo {
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WriteStream | NodeJS.WritableStream;
  readonly now: () => number;
  readonly sleep: (ms: number) => Promise<void>;
}

function whole(flag: string, raw: string | undefined, fallback: number, min: number): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min)
    throw new ConfigError(`${flag} ${raw}: expected a whole number ≥ ${min}`);
  return n;
}

/**
 * `perpflow backtest CONFIG --data … --sweep … --queue postgres://…`: the sweep (or each
 * walk-forward window's sweep) as jobs for `perpflow worker` processes; progress on stderr, then
 * the same table, `--json` and `--report` as a sweep on this machine's threads.
 */
export async function queuedSweepCommand(configFile: string, o: QueuedOptions, io: QueuedIo) {
  if (!isPostgresUrl(o.queue)) throw new ConfigError(`--queue: expected a postgres://… URL`);
  if (o.sweep === undefined || o.sweep.length === 0)
    throw new ConfigError('--queue spreads a sweep over workers: add --sweep PARAM=FROM..TO:STEP');
  if (o.report !== undefined && o.walkForward !== undefined)
    throw new ConfigError(
      '--report with --sweep draws the heatmap of a sweep: run it without --walk-forward',
    );
  const axes = o.sweep.map(parseSweep);
  const from = parseWhen('--from', o.from);
  const to = parseWhen('--to', o.to);
  const request = {
    configFile,
    data: o.data.map((d) => parseSymbolFile('--data', d)),
    funding: (o.funding ?? []).map((f) => parseSymbolFile('--funding', f)),
    ...(from === undefined ? {} : { from }),
    ...(to === undefined ? {} : { to }),
  };
  const printer = sweepProgressPrinter(io.stderr, io.now);
  const submit = {
    url: o.queue,
    expireSeconds: whole('--queue-expire-seconds', o.queueExpireSeconds, 900, 1),
    retries: whole('--queue-retries', o.queueRetries, 3, 0),
    pollMs: 500,
    now: io.now,
    sleep: io.sleep,
    onProgress: printer.show,
    onError: (e: Error) => io.stderr.write(`queue error: ${e.message}\n`),
  };
  try {
    if (o.walkForward !== undefined) {
      const spec = parseWalkForward(o.walkForward);
      const result = await walkForward(request, axes, spec, (r, a) => submitQueuedSweep(r, a, submit));
      printer.stop();
      io.stdout.write(walkForwardTable(result));
      if (o.json !== undefined)
        writeFileSync(o.json, `${JSON.stringify({ walkForward: result }, null, 2)}\n`);
      return;
    }
    const rows = await submitQueuedSweep(request, axes, submit);
    printer.stop();
    io.stdout.write(sweepTable(rows));
    if (o.json !== undefined) writeFileSync(o.json, `${JSON.stringify({ sweep: rows }, null, 2)}\n`);
    if (o.report !== undefined) writeFileSync(o.report, sweepHeatmapHtml(rows, axes));
  } finally {
    printer.stop();
  }
}
