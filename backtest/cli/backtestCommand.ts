import { writeFileSync } from 'node:fs';
import { z } from 'zod';
import { renderDrift } from '../../src/report/drift/renderDrift.ts';
import { type BacktestOutcome, backtestFromFiles } from '../backtestFromFiles.ts';
import type { DataReading } from '../data/readDataInWorker.ts';
import { writeBacktestJson } from '../output/backtestJson.ts';
import { summaryTable } from '../output/summaryTable.ts';
import { driftAgainst } from './driftAgainst.ts';
import { intervalWarnings } from './intervalWarnings.ts';
import { parseSymbolFile, parseWhen } from './parseArgs.ts';
import { progress } from './progress.ts';

/** The options of `perpflow backtest` as commander hands them over (checked: commander types them loosely). */
const backtestCommandOptions = z.looseObject({
  data: z.array(z.string()).readonly(),
  funding: z.array(z.string()).readonly().optional(),
  from: z.string().optional(),
  to: z.string().optional(),
  json: z.string().optional(),
  report: z.string().optional(),
  sweep: z.array(z.string()).readonly().optional(),
  walkForward: z.string().optional(),
  drift: z.string().optional(),
});
export type BacktestCommandOptions = z.output<typeof backtestCommandOptions>;

export interface CommandIo {
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WriteStream | NodeJS.WritableStream;
  /** Wall time for the report's "generated at" (the CLI passes the system clock's). */
  readonly now: () => number;
}

function commandArgs(options: Record<string, unknown>) {
  const o = backtestCommandOptions.parse(options);
  return {
    o,
    data: o.data.map((d) => parseSymbolFile('--data', d)),
    funding: (o.funding ?? []).map((f) => parseSymbolFile('--funding', f)),
    from: parseWhen('--from', o.from),
    to: parseWhen('--to', o.to),
  };
}

/** `perpflow backtest CONFIG --data SYMBOL=FILE …`: runs, prints the summary, writes --json and --report. */
export async function backtestCommand(
  configFile: string,
  options: Record<string, unknown>,
  io: CommandIo,
  /** The files, already being read on a worker (the CLI starts that first). */
  reading?: DataReading,
): Promise<BacktestOutcome | undefined> {
  let args: ReturnType<typeof commandArgs>;
  try {
    args = commandArgs(options);
  } catch (e) {
    reading?.stop(); // refused before the files are needed: the process need not wait for them
    throw e;
  }
  const { o, data, funding, from, to } = args;
  if (o.sweep !== undefined || o.walkForward !== undefined) {
    // Loaded only for a sweep: its worker pool and tables are no part of a single backtest.
    const { sweepCommand } = await import('./sweepCommand.ts');
    await sweepCommand(configFile, o, { data, funding, from, to }, io);
    return undefined;
  }
  const bar = progress(io.stderr);
  let outcome: BacktestOutcome;
  try {
    outcome = await backtestFromFiles({
      configFile,
      data,
      funding,
      ...(reading === undefined ? {} : { reading }),
      ...(from === undefined ? {} : { from }),
      ...(to === undefined ? {} : { to }),
      ...(o.drift === undefined ? {} : { keepIntents: true }),
      onProgress: bar.tick,
    });
  } finally {
    bar.stop();
  }
  const r = outcome.result;
  io.stdout.write(
    `${summaryTable(outcome.metrics)}\n${r.trades.length} trades; final equity ${r.finalEquity.toFixed(2)} from ${r.initialCash.toFixed(2)}${r.denials.length > 0 ? `; ${r.denials.length} intents denied (see --json)` : ''}\n`,
  );
  // A strategy that did nothing is named on both streams: the summary, and stderr for a log.
  for (const w of r.warnings) {
    io.stdout.write(`warning: ${w.message}\n`);
    io.stderr.write(`warn ${w.code}: ${w.message}\n`);
  }
  for (const message of intervalWarnings(outcome)) {
    io.stdout.write(`warning: ${message}\n`);
    io.stderr.write(`warn INTERVAL_MISMATCH: ${message}\n`);
  }
  if (o.drift !== undefined)
    io.stdout.write(`${renderDrift(driftAgainst(o.drift, outcome, { from, to }), 'backtest')}\n`);
  if (o.json !== undefined) writeBacktestJson(o.json, outcome);
  if (o.report !== undefined) {
    const { backtestHtml } = await import('../output/backtestHtml.ts');
    writeFileSync(o.report, backtestHtml(outcome, io.now()));
  }
  return outcome;
}
