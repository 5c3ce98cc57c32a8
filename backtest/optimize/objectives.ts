import { ConfigError } from '../../src/errors/ConfigError.ts';
import type { Metrics } from '../metrics/backtestMetrics.ts';
import { ratio } from '../metrics/ratio.ts';

/** The figures objectives read: a backtest's metrics, or a stitched out-of-sample curve's. */
export type ObjectiveFigures = Pick<
  Metrics,
  'sharpe' | 'sortino' | 'calmar' | 'sqn' | 'totalReturn' | 'maxDrawdown'
>;

/** What a study optimises, read from the backtest's own metrics (backtest/metrics). */
export interface Objective {
  readonly name: ObjectiveName;
  readonly direction: 'maximize' | 'minimize';
  readonly value: (m: ObjectiveFigures) => number | null;
}

export const OBJECTIVE_NAMES = [
  'sharpe',
  'sortino',
  'calmar',
  'sqn',
  'return-drawdown',
  'return',
  'max-drawdown',
] as const;
export type ObjectiveName = (typeof OBJECTIVE_NAMES)[number];

const OBJECTIVES: Readonly<Record<ObjectiveName, Objective>> = {
  sharpe: { name: 'sharpe', direction: 'maximize', value: (m) => m.sharpe },
  sortino: { name: 'sortino', direction: 'maximize', value: (m) => m.sortino },
  calmar: { name: 'calmar', direction: 'maximize', value: (m) => m.calmar },
  sqn: { name: 'sqn', direction: 'maximize', value: (m) => m.sqn },
  // Total return per unit of the worst drawdown (Calmar without annualising).
  'return-drawdown': {
    name: 'return-drawdown',
    direction: 'maximize',
    value: (m) => ratio(m.totalReturn, m.maxDrawdown),
  },
  return: { name: 'return', direction: 'maximize', value: (m) => m.totalReturn },
  'max-drawdown': { name: 'max-drawdown', direction: 'minimize', value: (m) => m.maxDrawdown },
};

export function objectiveNamed(name: string): Objective {
  const o = Object.values(OBJECTIVES).find((x) => x.name === name);
  if (o === undefined)
    throw new ConfigError(`--objective ${name}: expected one of ${OBJECTIVE_NAMES.join(', ')}`);
  return o;
}

/**
 * The value as a loss the samplers minimise; a run without the figure (no trades: no Sharpe)
 * counts as the worst a finite study has seen, so it is complete but never chosen.
 */
export function lossOf(o: Objective, value: number | null): number {
  if (value === null || !Number.isFinite(value)) return Number.POSITIVE_INFINITY;
  return o.direction === 'maximize' ? -value : value;
}
