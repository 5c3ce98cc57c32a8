import { readSync } from 'node:fs';

const LF = 10;
/** How much is read at a time looking for the end of a line: rows are far shorter. */
const PROBE = 64 * 1024;

/** A range of a file's bytes, [start, end). */
export interface ByteRange {
  readonly start: number;
  readonly end: number;
}

/** The index just after the first LF at or after `from`, or `size` when there is none. */
function lineStartFrom(fd: number, from: number, size: number): number {
  const probe = Buffer.allocUnsafe(PROBE);
  for (let at = from; at < size; at += PROBE) {
    const got = readSync(fd, probe, 0, Math.min(PROBE, size - at), at);
    if (got <= 0) return size;
    const lf = probe.subarray(0, got).indexOf(LF);
    if (lf >= 0) return at + lf + 1;
  }
  return size;
}

/**
 * The rows [start, size) of an open file cut into at most `k` ranges of about equal size, each
 * ending just after an LF (the last at the end of the file): every line lies whole in one range,
 * so each can be parsed alone. Only a few bytes around each cut are read.
 */
export function barChunkRanges(fd: number, start: number, size: number, k: number): readonly ByteRange[] {
  const ranges: ByteRange[] = [];
  let from = start;
  for (let i = 1; i < k && from < size; i++) {
    const cut = lineStartFrom(fd, Math.max(from, start + Math.floor(((size - start) * i) / k)), size);
    if (cut > from && cut < size) {
      ranges.push({ start: from, end: cut });
      from = cut;
    }
  }
  ranges.push({ start: from, end: size });
  return ranges;
}
