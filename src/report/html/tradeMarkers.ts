import { itemAt } from '../../domain/itemAt.ts';
import type { ReportBar, ReportTrade } from './ReportInput.ts';

/** A marker in lightweight-charts' form (time in UTC seconds). */
export interface ChartMarker {
  readonly time: number;
  readonly position: 'aboveBar' | 'belowBar' | 'inBar';
  readonly shape: 'arrowUp' | 'arrowDown' | 'circle';
  readonly color: string;
  readonly text: string;
}

const GREEN = '#15803d';
const RED = '#b91c1c';

/**
 * Entry and exit markers of one market's trades, each moved onto the candle that contains its
 * time (after downsampling, a trade falls inside a merged candle, and a marker off every candle
 * would not be drawn). Sorted by time, as the chart requires.
 */
export function tradeMarkers(trades: readonly ReportTrade[], bars: readonly ReportBar[]): ChartMarker[] {
  if (bars.length === 0) return [];
  const out: ChartMarker[] = [];
  for (const t of trades) {
    const long = t.side === 'LONG';
    out.push({
      time: candleOf(bars, t.entryTime),
      position: long ? 'belowBar' : 'aboveBar',
      shape: long ? 'arrowUp' : 'arrowDown',
      color: long ? GREEN : RED,
      text: long ? 'L' : 'S',
    });
    if (t.exitTime !== null)
      out.push({
        time: candleOf(bars, t.exitTime),
        position: long ? 'aboveBar' : 'belowBar',
        shape: 'circle',
        color: (t.pnl ?? 0) >= 0 ? GREEN : RED,
        text: '',
      });
  }
  return out.sort((a, b) => a.time - b.time);
}

/** UTC seconds of the last candle starting at or before `ms` (the first candle for earlier times). */
function candleOf(bars: readonly ReportBar[], ms: number): number {
  let lo = 0;
  let hi = bars.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (itemAt(bars, mid).time <= ms) lo = mid;
    else hi = mid - 1;
  }
  return Math.floor(itemAt(bars, lo).time / 1000);
}
