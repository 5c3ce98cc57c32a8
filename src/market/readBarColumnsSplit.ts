import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { type BarBytesPlan, barBytesPlan } from './barBytesPlan.ts';
import { type ByteRange, barChunkRanges } from './barChunkRanges.ts';
import { finishBarColumns } from './finishBarColumns.ts';
import { parseBarChunk } from './parseBarChunk.ts';
import type { BarColumns } from './parseBarColumns.ts';
import type { BarRows } from './parseBarRowsBytes.ts';
import type { ReadBarsOptions } from './parseBarsCsvText.ts';
import { stitchBarRows } from './stitchBarRows.ts';
import { threadAnswer } from './threadAnswer.ts';

const WORKER = new URL('./barChunkWorker.js', import.meta.url);
const LF = 10;
/** A header line longer than this is left to the one-thread path. */
const HEADER_PROBE = 64 * 1024;
/**
 * Files smaller than this are parsed on one thread. A helper thread costs ≈ 55 ms to start and
 * load the parser; cut in two on a 2-core host, a 32 MB file of pandas digits (320k rows) parsed
 * in 182 ms instead of 198, a 16 MB one in 134 instead of 119 (medians of 5, fresh processes).
 */
export const WORTH_SPLITTING = 32 * 1024 * 1024;

/**
 * How many ranges a file is cut into: one per core, at most 4 (issue 44's bound: each range
 * beyond the first costs a thread's start and a copy of its columns; only 2 were measured here).
 */
export const splitWays = (): number => Math.min(availableParallelism(), 4);

/** The file's size and its header line (without the LF), or undefined. */
function sizeAndHeader(fd: number): { readonly size: number; readonly header: Buffer } | undefined {
  const size = fstatSync(fd).size;
  const probe = Buffer.allocUnsafe(Math.min(HEADER_PROBE, size));
  const got = readSync(fd, probe, 0, probe.length, 0);
  const lf = probe.subarray(0, got).indexOf(LF);
  return lf < 0 ? undefined : { size, header: probe.subarray(0, lf) };
}

/**
 * A large bar file parsed on several threads: its rows cut at line ends into `ways` ranges, the
 * first parsed on this thread and each other on a thread of its own (each reads its range only),
 * then stitched and finished once. Undefined for a small file, and whenever any range would take
 * the text path or a thread fails: the caller then reads the file with readBarColumns, exactly
 * as it would have, so every error keeps its words and its line. `script` is the threads' module
 * (a test hands one that fails to load, or ends without an answer).
 */
export async function readBarColumnsSplit(
  file: string,
  o: ReadBarsOptions,
  ways: number = splitWays(),
  threshold: number = WORTH_SPLITTING,
  script: URL = WORKER,
): Promise<BarColumns | undefined> {
  let ranges: readonly ByteRange[];
  let plan: BarBytesPlan | undefined;
  let size: number;
  try {
    const fd = openSync(file, 'r');
    try {
      const head = sizeAndHeader(fd);
      if (head === undefined || head.size < threshold || ways < 2) return undefined;
      plan = barBytesPlan(head.header, file, o);
      size = head.size;
      ranges = barChunkRanges(fd, head.header.length + 1, head.size, ways);
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
  if (plan === undefined || ranges.length < 2) return undefined;
  const [first, ...others] = ranges;
  const there = others.map((range) => threadAnswer<BarRows>(script, { file, range, plan }));
  const stopAll = (): undefined => {
    for (const t of there) t.stop();
  };
  // The first range is numbered from the header (line 1) and sized for every row of the file.
  const here = first === undefined ? undefined : parseBarChunk(file, first, plan, 1, size - first.start);
  if (here === undefined) return stopAll();
  // The first range to fail ends the wait (and the other threads), not the slowest.
  const failed = new Promise<undefined>((resolve) => {
    for (const t of there) void t.answer.then((r) => r === undefined && resolve(undefined));
  });
  const rows = await Promise.race([Promise.all(there.map((t) => t.answer)), failed]);
  if (rows === undefined || !rows.every((r) => r !== undefined)) return stopAll();
  const raw = stitchBarRows(here, rows);
  return raw === undefined ? undefined : finishBarColumns(plan.symbol, raw, o);
}
