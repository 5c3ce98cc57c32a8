import { type RawBarColumns, rawBarColumns } from './finishBarColumns.ts';
import type { BarRows } from './parseBarRowsBytes.ts';

/**
 * The rows of consecutive ranges of one file as the columns a single pass gives: each range's
 * line numbers moved on by the lines before it (header and empty lines included), one copy of
 * each column. Undefined when a range's first time is not after the previous range's last —
 * the check each range made within itself, made across the cut — so that the one-thread path
 * refuses the row, with its own words.
 */
export function stitchBarRows(chunks: readonly BarRows[], headerLines: number): RawBarColumns | undefined {
  let total = 0;
  for (const c of chunks) total += c.raw.length;
  const out = rawBarColumns(total);
  let n = 0;
  let line = headerLines;
  let prev = Number.NEGATIVE_INFINITY;
  for (const { raw, lastLine } of chunks) {
    const m = raw.length;
    if (m > 0) {
      if (!((raw.time[0] ?? Number.NaN) > prev)) return undefined;
      prev = raw.time[m - 1] ?? Number.NaN;
      for (const k of ['time', 'open', 'high', 'low', 'close', 'volume'] as const)
        out[k].set(raw[k].subarray(0, m), n);
      for (let i = 0; i < m; i++) out.lines[n + i] = (raw.lines[i] ?? 0) + line;
    }
    n += m;
    line += lastLine;
  }
  out.length = n;
  return out;
}
