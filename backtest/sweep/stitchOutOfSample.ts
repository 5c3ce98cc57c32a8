import type { EquityColumns } from '../metrics/EquityPoint.ts';
import { type EquityMetrics, equityMetrics } from '../metrics/equityMetrics.ts';
import { formatMetric } from '../metrics/formatMetric.ts';
import { ANNUALISED, fromDaysMark, shortPeriodDays, shortPeriodWarning } from '../metrics/shortPeriod.ts';

/** The test windows' curves chained into one out-of-sample account, and its figures. */
export interface StitchedOutOfSample {
  /** Windows chained (a window that failed is left out and named in `skipped`). */
  readonly windows: number;
  readonly skipped: readonly number[];
  readonly trades: number;
  readonly metrics: EquityMetrics;
  readonly warnings: readonly string[];
  /** The chained curve, one point per bar of every test window (ISO 8601 UTC times, as --json's curve). */
  readonly equity: readonly { readonly time: string; readonly equity: number }[];
}

/**
 * Chains the test windows' equity curves as one account that carries its equity from window to
 * window: each curve is scaled so it starts where the previous one ended (the first keeps its
 * own start). Each test run starts from the same cash, so scaling keeps every window's returns
 * and compounds them: the stitched total return is Π(1 + window return) − 1.
 */
export function stitchCurves(curves: readonly EquityColumns[]): { time: number[]; equity: number[] } {
  const time: number[] = [];
  const equity: number[] = [];
  for (const c of curves) {
    if (c.time.length === 0) continue;
    const start = c.equity[0] ?? Number.NaN;
    const carried = equity.at(-1) ?? start;
    const scale = start === 0 ? 1 : carried / start;
    for (let i = 0; i < c.time.length; i++) {
      const t = c.time[i] ?? Number.NaN;
      // A window's first bar can repeat the previous window's last time; the later one stands.
      if (t <= (time.at(-1) ?? Number.NEGATIVE_INFINITY)) {
        time.pop();
        equity.pop();
      }
      time.push(t);
      equity.push((c.equity[i] ?? Number.NaN) * scale);
    }
  }
  return { time, equity };
}

export function stitchOutOfSample(
  runs: readonly ({ readonly equity: EquityColumns; readonly trades: number } | undefined)[],
): StitchedOutOfSample {
  const done = runs.flatMap((r) => (r === undefined ? [] : [r]));
  const curve = stitchCurves(done.map((r) => r.equity));
  const metrics = equityMetrics(curve);
  const warning = shortPeriodWarning(metrics);
  return {
    windows: done.length,
    skipped: runs.flatMap((r, i) => (r === undefined ? [i + 1] : [])),
    trades: done.reduce((a, r) => a + r.trades, 0),
    metrics,
    warnings: warning === null ? [] : [warning],
    equity: curve.time.map((t, i) => ({
      time: new Date(t).toISOString(),
      equity: curve.equity[i] ?? Number.NaN,
    })),
  };
}

/** The stitched line under the walk-forward table. */
export function stitchedLine(s: StitchedOutOfSample): string {
  const m = s.metrics;
  const days = shortPeriodDays(m);
  const mark = (key: keyof EquityMetrics, text: string) =>
    days !== null && ANNUALISED.some((k) => k === key) && m[key] !== null
      ? `${text} ${fromDaysMark(days)}`
      : text;
  const day = (p: { readonly time: string } | undefined) => p?.time.slice(0, 10) ?? '?';
  return [
    `out of sample, stitched: ${s.windows} test windows, ${day(s.equity[0])} → ${day(s.equity.at(-1))}${s.skipped.length > 0 ? ` (left out: window ${s.skipped.join(', ')})` : ''}`,
    `  return ${formatMetric(m.totalReturn, 'percent')}; annual ${mark('annualReturn', formatMetric(m.annualReturn, 'percent'))}; Sharpe ${mark('sharpe', formatMetric(m.sharpe, 'ratio'))}; max drawdown ${formatMetric(m.maxDrawdown, 'percent')}; final equity ${formatMetric(m.finalEquity, 'money')}; ${s.trades} trades`,
  ].join('\n');
}
