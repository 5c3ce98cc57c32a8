import { writeFileSync } from 'node:fs';
import { ConfigError } from '../../src/errors/ConfigError.ts';
import type { SymbolFile } from '../data/readData.ts';
import { parseSweep } from '../sweep/parseSweep.ts';
import { runSweep, sweepTable } from '../sweep/runSweep.ts';
import { sweepHeatmapHtml } from '../sweep/sweepHeatmap.ts';
import { parseWalkForward, walkForward, walkForwardTable } from '../sweep/walkForward.ts';
import type { BacktestCommandOptions, CommandIo } from './backtestCommand.ts';
import { progress } from './progress.ts';

interface Inputs {
  readonly data: readonly SymbolFile[];
  readonly funding: readonly SymbolFile[];
  readonly from: number | undefined;
  readonly to: number | undefined;
}

/** `--sweep …` (a ranked table of every grid point) and `--walk-forward train=…,test=…` (needs --sweep). */
export async function sweepCommand(
  configFile: string,
  o: BacktestCommandOptions,
  inputs: Inputs,
  io: CommandIo,
): Promise<void> {
  if (o.sweep === undefined || o.sweep.length === 0)
    throw new ConfigError(
      '--walk-forward needs the parameters to choose from: add --sweep PARAM=FROM..TO:STEP',
    );
  if (o.report !== undefined && o.walkForward !== undefined)
    throw new ConfigError(
      '--report with --sweep draws the heatmap of a sweep: run it without --walk-forward',
    );
  const axes = o.sweep.map(parseSweep);
  const request = {
    configFile,
    data: inputs.data,
    funding: inputs.funding,
    ...(inputs.from === undefined ? {} : { from: inputs.from }),
    ...(inputs.to === undefined ? {} : { to: inputs.to }),
  };
  if (o.walkForward !== undefined) {
    const windows = await walkForward(request, axes, parseWalkForward(o.walkForward));
    io.stdout.write(walkForwardTable(windows));
    if (o.json !== undefined) writeFileSync(o.json, `${JSON.stringify({ walkForward: windows }, null, 2)}\n`);
    return;
  }
  const bar = progress(io.stderr);
  try {
    const rows = await runSweep(request, axes, { onProgress: bar.tick });
    bar.stop();
    io.stdout.write(sweepTable(rows));
    if (o.json !== undefined) writeFileSync(o.json, `${JSON.stringify({ sweep: rows }, null, 2)}\n`);
    // The ranked metric over the first two swept parameters, as backtesting.py's plot_heatmaps.
    if (o.report !== undefined) writeFileSync(o.report, sweepHeatmapHtml(rows, axes));
  } finally {
    bar.stop();
  }
}
