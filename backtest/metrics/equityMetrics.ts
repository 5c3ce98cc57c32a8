import { ceilToResolution, dataPeriodMs } from './dataPeriod.ts';
import { drawdown } from './drawdown.ts';
import { type EquityCurve, equityColumns } from './EquityPoint.ts';
import { geometricMean } from './geometricMean.ts';
import { mean, sampleVariance } from './pairwiseSum.ts';
import { periodReturns } from './periodReturns.ts';
import { ratio } from './ratio.ts';

const DAY = 86_400_000;

/** Metrics of an equity curve; every figure is a fraction (0.05 = 5 %), ms, money, or null (N/A). */
export interface EquityMetrics {
  readonly startEquity: number | null;
  readonly finalEquity: number | null;
  readonly equityPeak: number | null;
  /** Last curve time − first (backtesting.py's "Duration"); annualised figures from under 30 days are flagged. */
  readonly durationMs: number | null;
  readonly totalReturn: number | null;
  readonly annualReturn: number | null;
  readonly cagr: number | null;
  readonly annualVolatility: number | null;
  readonly sharpe: number | null;
  readonly sortino: number | null;
  readonly calmar: number | null;
  readonly maxDrawdown: number | null;
  readonly averageDrawdown: number | null;
  readonly maxDrawdownDurationMs: number | null;
  readonly averageDrawdownDurationMs: number | null;
}

export const NO_EQUITY_METRICS: EquityMetrics = {
  startEquity: null,
  finalEquity: null,
  equityPeak: null,
  durationMs: null,
  totalReturn: null,
  annualReturn: null,
  cagr: null,
  annualVolatility: null,
  sharpe: null,
  sortino: null,
  calmar: null,
  maxDrawdown: null,
  averageDrawdown: null,
  maxDrawdownDurationMs: null,
  averageDrawdownDurationMs: null,
};

/** backtesting.py's years of a duration: (days + seconds / 86 400) / 365.25, whole seconds. */
function years(ms: number): number {
  return (Math.floor(ms / DAY) + Math.floor((ms % DAY) / 1_000) / 86_400) / 365.25;
}

/**
 * backtesting.py 9c2b8e1's `compute_stats` figures for one curve, risk-free rate 0, in its own
 * operations (README.md states each convention). Needs at least two points with a positive start;
 * a ratio whose denominator is 0 (no volatility, no losing period, no drawdown) is null, never
 * Infinity or NaN.
 */
export function equityMetrics(input: EquityCurve): EquityMetrics {
  const curve = equityColumns(input);
  const n = curve.equity.length;
  const first = curve.equity[0];
  const last = curve.equity[n - 1];
  if (n < 2 || first === undefined || last === undefined || !(first > 0))
    return { ...NO_EQUITY_METRICS, startEquity: first ?? null, finalEquity: last ?? null };
  let peak = first;
  for (let i = 1; i < n; i++) peak = Math.max(peak, curve.equity[i] ?? Number.NaN);
  const durationMs = (curve.time[n - 1] ?? Number.NaN) - (curve.time[0] ?? Number.NaN);
  const { returns, periodsPerYear } = periodReturns(curve);
  // Two or more times always have a data period, so periods per year are known here.
  const d = periodsPerYear ?? Number.NaN;
  const g = geometricMean(returns);
  const annualReturn = g === null ? null : (1 + g) ** d - 1;
  const variance = sampleVariance(returns);
  // backtesting.py's compounded volatility, in its operations: for a nearly flat curve this is a
  // difference of two numbers near 1, and only the same operations give the same figure.
  const v = g === null || variance === null ? null : (variance + (1 + g) ** 2) ** d - (1 + g) ** (2 * d);
  const vol = v === null || !(v >= 0) ? null : Math.sqrt(v);
  const downsideMean = mean(Float64Array.from(returns, (r) => Math.min(r, 0) ** 2));
  // Without returns the downside is NaN, and the Sortino ratio N/A.
  const downside = Math.sqrt(downsideMean ?? Number.NaN) * Math.sqrt(d);
  const dd = drawdown(curve);
  const period = dataPeriodMs(curve.time);
  const y = years(durationMs);
  const cagr = y > 0 ? (last / first) ** (1 / y) - 1 : Number.NaN;
  return {
    startEquity: first,
    finalEquity: last,
    equityPeak: peak,
    durationMs,
    totalReturn: (last - first) / first,
    annualReturn,
    cagr: Number.isFinite(cagr) ? cagr : null,
    annualVolatility: vol,
    // As backtesting.py: the percentages divided (the same bits as its figure).
    sharpe: ratio((annualReturn ?? Number.NaN) * 100, (vol ?? Number.NaN) * 100),
    sortino: ratio(annualReturn, downside),
    calmar: ratio(annualReturn, dd.max),
    maxDrawdown: dd.max,
    averageDrawdown: dd.average,
    maxDrawdownDurationMs: ceilToResolution(dd.maxDurationMs, period),
    averageDrawdownDurationMs: ceilToResolution(dd.averageDurationMs, period),
  };
}
