import type { BarColumns } from '../../src/market/readBarColumns.ts';
import { readBarColumns } from '../../src/market/readBarColumns.ts';
import { readBarColumnsSplit } from '../../src/market/readBarColumnsSplit.ts';
import { type LoadedData, type SymbolFile, withFunding } from './readData.ts';

/**
 * readData with each large --data file parsed on several threads (readBarColumnsSplit): the same
 * data, and the same errors, for a file the split hands back is read by readData's own reader.
 * Files are read one after another, so that no more threads run than there are cores.
 */
export async function readDataSplit(req: {
  readonly data: readonly SymbolFile[];
  readonly funding?: readonly SymbolFile[] | undefined;
}): Promise<LoadedData> {
  const feeds: BarColumns[] = [];
  for (const d of req.data) {
    const o = { symbol: d.symbol };
    feeds.push((await readBarColumnsSplit(d.file, o)) ?? readBarColumns(d.file, o));
  }
  return withFunding(req, feeds);
}
