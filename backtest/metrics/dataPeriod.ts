const UNITS_MS = [86_400_000, 3_600_000, 60_000, 1_000, 1] as const;

/** backtesting.py's `_data_period`: the median spacing of the last 100 times (ms); null below two. */
export function dataPeriodMs(time: ArrayLike<number>): number | null {
  const from = Math.max(0, time.length - 100);
  const diffs: number[] = [];
  for (let i = from + 1; i < time.length; i++)
    diffs.push((time[i] ?? Number.NaN) - (time[i - 1] ?? Number.NaN));
  if (diffs.length === 0) return null;
  diffs.sort((a, b) => a - b);
  const mid = diffs.length >> 1;
  const upper = diffs[mid] ?? Number.NaN;
  return diffs.length % 2 === 1 ? upper : ((diffs[mid - 1] ?? Number.NaN) + upper) / 2;
}

/**
 * A duration rounded up to the finest unit (day, hour, minute, second, ms) the data period is
 * written in, as backtesting.py's `_round_timedelta` ceils to the period's `resolution_string`:
 * on daily bars an average of 45.3 days is 46 days, on hourly bars 45.3 h is 46 h.
 */
export function ceilToResolution(ms: number | null, periodMs: number | null): number | null {
  if (ms === null || periodMs === null || !Number.isFinite(ms)) return ms;
  const unit = UNITS_MS.find((u) => periodMs % u === 0) ?? 1;
  return Math.ceil(ms / unit) * unit;
}
