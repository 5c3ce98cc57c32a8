import { itemAt, lastItem } from '../../domain/itemAt.ts';
import type { ReportBar, ReportPoint } from './ReportInput.ts';

/**
 * Merges consecutive candles so at most `max` remain: a chart of ten million bars would freeze the
 * browser, and a merged candle keeps what a trader reads off it (first open, extreme high and low,
 * last close). Bucket starts are the first bar's time of each bucket, so trade times map onto them.
 */
export function downsampleBars(bars: readonly ReportBar[], max: number): ReportBar[] {
  if (bars.length <= max) return [...bars];
  const per = Math.ceil(bars.length / max);
  const out: ReportBar[] = [];
  for (let i = 0; i < bars.length; i += per) {
    const first = itemAt(bars, i);
    let high = first.high;
    let low = first.low;
    const end = Math.min(i + per, bars.length);
    for (let j = i + 1; j < end; j++) {
      const b = itemAt(bars, j);
      if (b.high > high) high = b.high;
      if (b.low < low) low = b.low;
    }
    out.push({ time: first.time, open: first.open, high, low, close: itemAt(bars, end - 1).close });
  }
  return out;
}

/**
 * Thins a line to at most about `max` points while keeping each bucket's lowest and highest value,
 * so the deepest drawdown and the peaks survive the thinning.
 */
export function downsamplePoints(points: readonly ReportPoint[], max: number): ReportPoint[] {
  if (points.length <= max) return [...points];
  const per = Math.ceil(points.length / Math.max(1, Math.floor(max / 2)));
  const out: ReportPoint[] = [];
  for (let i = 0; i < points.length; i += per) {
    const end = Math.min(i + per, points.length);
    let lo = itemAt(points, i);
    let hi = lo;
    for (let j = i + 1; j < end; j++) {
      const p = itemAt(points, j);
      if (p.value < lo.value) lo = p;
      if (p.value > hi.value) hi = p;
    }
    if (lo === hi) out.push(lo);
    else if (lo.time < hi.time) out.push(lo, hi);
    else out.push(hi, lo);
  }
  const last = lastItem(points);
  if (out[out.length - 1] !== last) out.push(last);
  return out;
}

/** Drawdown from the running peak, as a negative fraction (−0.12 = 12 % below the peak). */
export function drawdownOf(equity: readonly ReportPoint[]): ReportPoint[] {
  let peak = Number.NEGATIVE_INFINITY;
  return equity.map((p) => {
    if (p.value > peak) peak = p.value;
    return { time: p.time, value: peak > 0 ? p.value / peak - 1 : 0 };
  });
}
