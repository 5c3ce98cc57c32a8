import { statSync } from 'node:fs';
import { threadAnswer } from '../../src/market/threadAnswer.ts';
import { parseSymbolFile } from '../cli/parseArgs.ts';
import type { LoadedData, SymbolFile } from './readData.ts';

const WORKER = new URL('./readDataWorker.js', import.meta.url);
/** Bar files smaller than this (together) are read on the main thread: about 70,000 rows. */
export const WORTH_A_THREAD = 4 * 1024 * 1024;

/**
 * Starts reading the --data and --funding files on a worker thread, so that parsing the CSV (a
 * third of a second for a million rows) overlaps loading the kernel's modules and the config on
 * the main thread. Undefined when the worker failed in any way — a malformed file, a missing one,
 * a thread that would not start: the caller then reads the files itself, which words every error
 * exactly as it always has, and nothing is lost.
 */
export function readDataInWorker(req: {
  readonly data: readonly SymbolFile[];
  readonly funding?: readonly SymbolFile[] | undefined;
}): DataReading {
  const thread = threadAnswer<LoadedData>(WORKER, { data: req.data, funding: req.funding ?? [] });
  return { result: thread.answer, stop: thread.stop };
}

/** Files being read on a worker thread. */
export interface DataReading {
  /** The data, or undefined when the caller must read the files itself. */
  readonly result: Promise<LoadedData | undefined>;
  /** Ends the thread early (the run failed before it needed the data): the process need not wait for it. */
  stop(): void;
}

/**
 * `perpflow backtest`'s files, read on a worker from the moment the command starts; undefined for a
 * sweep (it reads once, for all its runs), for small files, and for flags or files the command
 * will refuse itself, with its own words.
 */
export function startReadingData(options: Readonly<Record<string, unknown>>): DataReading | undefined {
  if (options.sweep !== undefined || options.walkForward !== undefined || options.queue !== undefined)
    return undefined;
  const list = (v: unknown): string[] | undefined =>
    Array.isArray(v) && v.every((x) => typeof x === 'string') ? v : undefined;
  const data = list(options.data);
  const funding = options.funding === undefined ? [] : list(options.funding);
  if (data === undefined || funding === undefined) return undefined;
  try {
    const req = {
      data: data.map((d) => parseSymbolFile('--data', d)),
      funding: funding.map((f) => parseSymbolFile('--funding', f)),
    };
    // A thread costs ≈ 50 ms of CPU to start; a small file is read sooner than that.
    const bytes = req.data.reduce((sum, d) => sum + statSync(d.file).size, 0);
    return bytes < WORTH_A_THREAD ? undefined : readDataInWorker(req);
  } catch {
    return undefined;
  }
}
