import { ConfigError } from '../src/errors/ConfigError.ts';
import type { BarColumns } from '../src/market/readBarColumns.ts';

/** The bar times of a backtest: the union of every feed's open times within [from, to). */
export interface Timeline {
  readonly intervalMs: number;
  readonly times: Float64Array;
  /** Per feed, the index of its first and last bar inside the range (last < first: none). */
  readonly first: readonly number[];
  readonly last: readonly number[];
}

/** The first index whose value is ≥ x (the length when none is), in a sorted array. */
export function lowerBound(a: ArrayLike<number>, x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((a[mid] ?? Number.NaN) < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Refuses (ConfigError, exit 2) no data, mixed bar intervals, an empty range or a range with no bars. */
export function timelineOf(feeds: readonly BarColumns[], from = -Infinity, to = Infinity): Timeline {
  const [head] = feeds;
  if (head === undefined) throw new ConfigError('no data: give at least one --data SYMBOL=FILE');
  const intervalMs = head.intervalMs;
  for (const f of feeds)
    if (f.intervalMs !== intervalMs)
      throw new ConfigError(
        `${f.symbol} has ${f.intervalMs} ms bars but ${head.symbol} has ${intervalMs} ms: every market of one backtest needs the same bar interval`,
      );
  if (!(from < to))
    throw new ConfigError(
      `the range is empty: --from ${new Date(from).toISOString()} is not before --to ${new Date(to).toISOString()}`,
    );
  const first = feeds.map((f) => lowerBound(f.time, from));
  const last = feeds.map((f) => lowerBound(f.time, to) - 1);
  const times = unionOfTimes(feeds, first, last);
  if (times.length === 0) {
    const spans = feeds
      .map((f) => `${f.symbol} ${iso(f.time[0])} .. ${iso(f.time[f.length - 1])}`)
      .join('; ');
    throw new ConfigError(`no bars in the range ${iso(from)} .. ${iso(to)} (data: ${spans})`);
  }
  return { intervalMs, times, first, last };
}

/** One feed's times as they are (a view, no copy); several feeds merged, sorted and deduplicated. */
function unionOfTimes(
  feeds: readonly BarColumns[],
  first: readonly number[],
  last: readonly number[],
): Float64Array {
  const [only] = feeds;
  if (feeds.length === 1 && only !== undefined) return only.time.subarray(first[0], (last[0] ?? -1) + 1);
  const set = new Set<number>();
  feeds.forEach((f, k) => {
    const end = last[k] ?? -1;
    for (let j = first[k] ?? 0; j <= end; j++) set.add(f.time[j] ?? Number.NaN);
  });
  return Float64Array.from(set).sort();
}

const iso = (ms: number | undefined): string =>
  ms === undefined || !Number.isFinite(ms) ? '…' : new Date(ms).toISOString();

/**
 * The time label of the bar whose price made a fill at `ts`: the latest bar time ≤ ts. A fill at
 * a bar's close (the end-of-data close) carries that bar's label, as backtesting.py stamps it.
 */
export function barTimeLookup(tl: Timeline): (ts: number) => number {
  return (ts) => {
    const i = lowerBound(tl.times, ts + 1) - 1;
    return tl.times[Math.max(0, i)] ?? Number.NaN;
  };
}
