import type { Choice, ParamDomain } from '../../src/config/searchSpace.ts';

type NumberDomain = Exclude<ParamDomain, { kind: 'categorical' }>;

/**
 * A numeric parameter as the samplers see it: one axis (the log of the value on a log scale),
 * widened by half a step at each end for a stepped one, so that the end values get a full cell
 * (Optuna's handling of int and step).
 */
export interface Axis {
  readonly low: number;
  readonly high: number;
  /** The axis coordinate of a value. */
  readonly to: (value: number) => number;
  /** The value (on the step grid, within bounds) nearest an axis coordinate. */
  readonly from: (x: number) => number;
  /** The axis cell a value stands for: [x, x] for a continuous parameter. */
  readonly cell: (value: number) => readonly [number, number];
}

export function axisOf(d: NumberDomain): Axis {
  const step = d.step;
  const to = d.log ? Math.log : (v: number) => v;
  const back = d.log ? Math.exp : (x: number) => x;
  const half = step === undefined ? 0 : step / 2;
  const snap = (v: number): number => {
    const clipped = Math.min(Math.max(v, d.low), d.high);
    if (step === undefined) return clipped;
    const k = Math.round((clipped - d.low) / step);
    const snapped = d.low + k * step;
    const fixed = d.kind === 'int' ? Math.round(snapped) : Number(snapped.toPrecision(12));
    return fixed > d.high ? fixed - step : fixed;
  };
  return {
    low: to(d.low - half),
    high: to(d.high + half),
    to,
    from: (x) => snap(back(x)),
    cell: (v) => (half === 0 ? [to(v), to(v)] : [to(v - half), to(v + half)]),
  };
}

/** A point of the search space: each searched parameter's value. */
export type Point = Readonly<Record<string, Choice>>;
