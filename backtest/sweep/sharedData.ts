import type { BarColumns } from '../../src/market/readBarColumns.ts';
import type { LoadedData } from '../data/readData.ts';

const COLUMNS = ['time', 'open', 'high', 'low', 'close', 'volume'] as const;

/** One market's columns copied into a single SharedArrayBuffer: workers read them without a copy. */
function sharedColumns(c: BarColumns): BarColumns {
  const n = c.length;
  const buffer = new SharedArrayBuffer(COLUMNS.length * n * Float64Array.BYTES_PER_ELEMENT);
  const out: Record<(typeof COLUMNS)[number], Float64Array> = Object.create(null);
  COLUMNS.forEach((name, k) => {
    const column = new Float64Array(buffer, k * n * Float64Array.BYTES_PER_ELEMENT, n);
    column.set(c[name].subarray(0, n));
    out[name] = column;
  });
  return { ...c, ...out };
}

/**
 * The loaded bars in shared memory, so that every worker of a sweep runs on the one copy the
 * parent read: the files are parsed once per sweep, not once per point, and N workers do not hold
 * N copies of the columns. The funding series are small and are cloned.
 */
export function sharedData(d: LoadedData): LoadedData {
  return { feeds: d.feeds.map(sharedColumns), funding: d.funding };
}
