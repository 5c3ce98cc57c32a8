import { closeSync, openSync, readSync } from 'node:fs';
import type { BarBytesPlan } from './barBytesPlan.ts';
import type { ByteRange } from './barChunkRanges.ts';
import { type BarRows, parseBarRowsBytes } from './parseBarRowsBytes.ts';

const QUOTE = 34;

/** The bytes of `range` of the file, read at their position: never the whole file. */
function rangeBytes(file: string, range: ByteRange): Buffer | undefined {
  // A Buffer, not a bare Uint8Array: barCellBytes slices long numbers from it as latin1, fast.
  const bytes = Buffer.allocUnsafe(range.end - range.start);
  const fd = openSync(file, 'r');
  try {
    for (let got = 0; got < bytes.length; ) {
      const n = readSync(fd, bytes, got, bytes.length - got, range.start + got);
      if (n <= 0) return undefined; // the file shrank under us: the whole-file path decides
      got += n;
    }
  } finally {
    closeSync(fd);
  }
  return bytes;
}

/**
 * One range of a bar file's rows (it starts at a line's start and ends after an LF or at the
 * file's end), parsed by the byte parser with line numbers counted on from `lineBefore` (0 when
 * not known: the stitcher then adds the lines before it), columns sized for `roomFor` bytes of
 * rows. Undefined whenever the whole file must take the one-thread path, so that path alone
 * words any error.
 */
export function parseBarChunk(
  file: string,
  range: ByteRange,
  plan: BarBytesPlan,
  lineBefore = 0,
  roomFor: number = range.end - range.start,
): BarRows | undefined {
  let bytes: Buffer | undefined;
  try {
    bytes = rangeBytes(file, range);
  } catch {
    return undefined;
  }
  if (bytes === undefined || bytes.indexOf(QUOTE) >= 0) return undefined;
  return parseBarRowsBytes(bytes, 0, plan, lineBefore, roomFor);
}
