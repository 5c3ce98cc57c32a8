import type { Choice, SearchSpace } from '../../src/config/searchSpace.ts';
import { ConfigError } from '../../src/errors/ConfigError.ts';
import { sweepGrid } from '../sweep/parseSweep.ts';
import type { Point } from './coordinate.ts';
import { feasible } from './randomSampler.ts';
import type { Sampler } from './Sampler.ts';

const MAX_POINTS = 100_000;

/** Each parameter's grid values: every step of a stepped range (ints step 1), every choice. */
function values(space: SearchSpace): Choice[][] {
  return space.params.map(({ name, domain }) => {
    if (domain.kind === 'categorical') return [...domain.choices];
    const step = domain.step;
    if (step === undefined || domain.log)
      throw new ConfigError(
        `--sampler grid: ${name} needs a step (like [${domain.low}, ${domain.high}, STEP]) and no log scale`,
      );
    const count = Math.floor((domain.high - domain.low) / step + 1e-9) + 1;
    return Array.from({ length: count }, (_, i) => Number((domain.low + i * step).toPrecision(12)));
  });
}

/** Every point of the grid that keeps the constraints, in the sweep's order (sweepGrid). */
export function gridPoints(space: SearchSpace): Point[] {
  const axes = values(space);
  const size = axes.reduce((a, v) => a * v.length, 1);
  if (size > MAX_POINTS)
    throw new ConfigError(`--sampler grid: ${size} points is more than ${MAX_POINTS}; narrow the ranges`);
  // The sweep's grid over indices, mapped back to each parameter's value (choices are not numbers).
  const grid = sweepGrid(
    space.params.map((p, k) => ({ param: p.name, values: (axes[k] ?? []).map((_, i) => i) })),
  );
  return grid
    .map((g) =>
      Object.fromEntries(space.params.map((p, k) => [p.name, axes[k]?.[g['*']?.[p.name] ?? 0] ?? 0])),
    )
    .filter((p) => feasible(space, p));
}

/**
 * The grid, point after point: trial n runs the grid's point n (so a resumed study continues
 * where it stopped); after the last point it starts again from the first.
 */
export function gridSampler(space: SearchSpace): Sampler & { readonly size: number } {
  const points = gridPoints(space);
  if (points.length === 0) throw new ConfigError('--sampler grid: no grid point keeps the constraints');
  return {
    name: 'grid',
    size: points.length,
    sample: (_space, trials) => points[trials.length % points.length] ?? {},
  };
}
