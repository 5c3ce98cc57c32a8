import { type RawBarColumns, rawBarColumns } from './finishBarColumns.ts';
import type { BarRows } from './parseBarRowsBytes.ts';

/**
 * The rows of consecutive ranges of one file as the columns a single pass gives. The first range
 * is numbered from the file's first line; every later one from 0, and moved on here by the lines
 * before it (empty ones included). The first range's columns, when they have room (they were
 * sized for the whole file), are the result: only the others are copied, once. Undefined when a
 * range's first time is not after the previous range's last — the check each range made within
 * itself, made across the cut — so that the one-thread path refuses the row, in its own words.
 */
export function stitchBarRows(first: BarRows, later: readonly BarRows[]): RawBarColumns | undefined {
  let total = first.raw.length;
  for (const c of later) total += c.raw.length;
  const fits = first.raw.time.length >= total;
  const out = fits ? first.raw : rawBarColumns(total);
  let n = 0;
  let line = 0;
  let prev = Number.NEGATIVE_INFINITY;
  for (const { raw, lastLine } of [first, ...later]) {
    const m = raw.length;
    if (m > 0 && raw !== out) {
      if (!((raw.time[0] ?? Number.NaN) > prev)) return undefined;
      for (const k of ['time', 'open', 'high', 'low', 'close', 'volume'] as const)
        out[k].set(raw[k].subarray(0, m), n);
      for (let i = 0; i < m; i++) out.lines[n + i] = (raw.lines[i] ?? 0) + line;
    }
    if (m > 0) prev = raw.time[m - 1] ?? Number.NaN;
    n += m;
    // The first range's numbers already count from the top of the file, the header included.
    line = raw === first.raw ? lastLine : line + lastLine;
  }
  out.length = n;
  return out;
}
