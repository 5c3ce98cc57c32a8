import { drawdown } from './drawdown.ts';
import { type EquityCurve, equityColumns } from './EquityPoint.ts';
import { geometricMean } from './geometricMean.ts';
import { periodReturns } from './periodReturns.ts';
import { ratio } from './ratio.ts';

/** Metrics of an equity curve; every figure is a fraction (0.05 = 5 %) or null (N/A). */
export interface EquityMetrics {
  readonly startEquity: number | null;
  readonly finalEquity: number | null;
  readonly totalReturn: number | null;
  readonly annualReturn: number | null;
  readonly annualVolatility: number | null;
  readonly sharpe: number | null;
  readonly sortino: number | null;
  readonly calmar: number | null;
  readonly maxDrawdown: number | null;
  readonly maxDrawdownDurationMs: number | null;
}

export const NO_EQUITY_METRICS: EquityMetrics = {
  startEquity: null,
  finalEquity: null,
  totalReturn: null,
  annualReturn: null,
  annualVolatility: null,
  sharpe: null,
  sortino: null,
  calmar: null,
  maxDrawdown: null,
  maxDrawdownDurationMs: null,
};

/** Sample variance (n − 1), as pandas' `var()`; null below two values. */
function sampleVariance(xs: readonly number[]): number | null {
  if (xs.length < 2) return null;
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (xs.length - 1);
}

/**
 * backtesting.py's `compute_stats` figures for one curve, risk-free rate 0 (README.md states each
 * convention). Needs at least two points with a positive start; a ratio whose denominator is 0
 * (no volatility, no losing day, no drawdown) is null, never Infinity or NaN.
 */
export function equityMetrics(input: EquityCurve, intervalMs: number): EquityMetrics {
  const curve = equityColumns(input);
  const n = curve.equity.length;
  const first = n > 0 ? (curve.equity[0] as number) : undefined;
  const last = n > 0 ? (curve.equity[n - 1] as number) : undefined;
  if (n < 2 || first === undefined || last === undefined || !(first > 0))
    return { ...NO_EQUITY_METRICS, startEquity: first ?? null, finalEquity: last ?? null };
  const { returns, periods, periodsPerYear: d } = periodReturns(curve, intervalMs);
  // backtesting.py counts the first period as a 0 return in the geometric mean (pct_change's NaN, filled).
  const g = returns.length === 0 ? null : geometricMean([0, ...returns]);
  const annualReturn = g === null || periods < 2 ? null : (1 + g) ** d - 1;
  const variance = sampleVariance(returns);
  const vol =
    g === null || variance === null ? null : Math.sqrt((variance + (1 + g) ** 2) ** d - (1 + g) ** (2 * d));
  const downside =
    returns.length === 0
      ? null
      : Math.sqrt(returns.reduce((a, r) => a + Math.min(r, 0) ** 2, 0) / returns.length);
  const dd = drawdown(curve);
  return {
    startEquity: first,
    finalEquity: last,
    totalReturn: (last - first) / first,
    annualReturn,
    annualVolatility: vol,
    sharpe: ratio(annualReturn, vol),
    sortino: ratio(annualReturn, downside === null ? null : downside * Math.sqrt(d)),
    calmar: ratio(annualReturn, dd.max),
    maxDrawdown: dd.max,
    maxDrawdownDurationMs: dd.maxDurationMs,
  };
}
