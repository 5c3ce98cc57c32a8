import { MarketSymbol } from '../domain/ids.ts';
import type { BarColumns } from './parseBarColumns.ts';
import { defaultMaxGapMs, parseBarGaps } from './parseBarGaps.ts';
import type { ReadBarsOptions } from './parseBarsCsvText.ts';

/** The median step between consecutive times (parseBarsCsvText's medianGap, without objects). */
function medianStep(time: Float64Array): number | undefined {
  if (time.length < 2) return undefined;
  const steps = new Float64Array(time.length - 1);
  for (let i = 1; i < time.length; i++) steps[i - 1] = (time[i] ?? Number.NaN) - (time[i - 1] ?? Number.NaN);
  // Regular bars: a step shared by more than half of them is the median, no sort needed.
  const first = steps[0] ?? Number.NaN;
  let same = 0;
  for (let i = 0; i < steps.length; i++) if (steps[i] === first) same++;
  if (same * 2 > steps.length) return first;
  steps.sort();
  return steps[Math.floor(steps.length / 2)];
}

/** Columns a fast path fills: capacity rows allocated, `length` of them written so far. */
export interface RawBarColumns {
  length: number;
  readonly time: Float64Array;
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
  readonly volume: Float64Array;
  /** The 1-based file line of each row. */
  readonly lines: Int32Array;
}

/**
 * The end every fast path shares: the interval (given, or the median step), the holes within
 * tolerance, the columns cut to length. Undefined when the general path must decide (fewer than
 * two bars and no interval given, or a hole too long): it words the error.
 */
export function finishBarColumns(
  symbol: string,
  raw: RawBarColumns,
  o: ReadBarsOptions,
): BarColumns | undefined {
  const n = raw.length;
  const cut = (a: Float64Array): Float64Array => a.subarray(0, n);
  const time = cut(raw.time);
  const intervalMs = o.intervalMs ?? medianStep(time);
  if (intervalMs === undefined) return undefined;
  const gaps = parseBarGaps(symbol, time, raw.lines.subarray(0, n), intervalMs);
  const maxGap = o.maxGapMs ?? defaultMaxGapMs(intervalMs);
  if (gaps.some((g) => g.to - g.from > maxGap)) return undefined;
  return {
    symbol: MarketSymbol(symbol),
    intervalMs,
    length: n,
    time,
    open: cut(raw.open),
    high: cut(raw.high),
    low: cut(raw.low),
    close: cut(raw.close),
    volume: cut(raw.volume),
    gaps,
  };
}

/** Empty columns for up to `capacity` rows. */
export function rawBarColumns(capacity: number): RawBarColumns {
  const col = (): Float64Array => new Float64Array(capacity);
  return {
    length: 0,
    time: col(),
    open: col(),
    high: col(),
    low: col(),
    close: col(),
    volume: col(),
    lines: new Int32Array(capacity),
  };
}
