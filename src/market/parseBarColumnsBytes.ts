import { barBytesPlan } from './barBytesPlan.ts';
import { finishBarColumns } from './finishBarColumns.ts';
import type { BarColumns } from './parseBarColumns.ts';
import { parseBarRowsBytes } from './parseBarRowsBytes.ts';
import type { ReadBarsOptions } from './parseBarsCsvText.ts';

const LF = 10;
const QUOTE = 34;

/**
 * parseBarColumnsFast on the file's bytes, in one pass: no decoded text, no string per row or
 * cell; only the header line is decoded. Undefined as soon as anything needs the text path
 * (which then reads the file as text and either parses it or says where it is wrong), so this
 * never words an error itself. It takes a subset of what parseBarColumnsFast takes — plain ASCII
 * rows, the cell forms of barCellBytes — and gives the very same columns for it.
 */
export function parseBarColumnsBytes(
  bytes: Uint8Array,
  file: string,
  o: ReadBarsOptions,
): BarColumns | undefined {
  if (bytes.indexOf(QUOTE) >= 0) return undefined;
  const headerEnd = bytes.indexOf(LF);
  if (headerEnd < 0) return undefined;
  const plan = barBytesPlan(bytes.subarray(0, headerEnd), file, o);
  const rows = plan === undefined ? undefined : parseBarRowsBytes(bytes, headerEnd + 1, plan, 1);
  return plan === undefined || rows === undefined ? undefined : finishBarColumns(plan.symbol, rows.raw, o);
}
