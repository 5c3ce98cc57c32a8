import { holds } from '../../src/config/paramConstraint.ts';
import type { SearchSpace } from '../../src/config/searchSpace.ts';
import { ConfigError } from '../../src/errors/ConfigError.ts';
import { axisOf, type Point } from './coordinate.ts';
import type { Rng } from './rng.ts';
import type { Sampler } from './Sampler.ts';

/** Draws per parameter: uniform on its axis (log-uniform on a log scale), a uniform choice. */
export function randomPoint(space: SearchSpace, rng: Rng): Point {
  const point: Record<string, string | number | boolean> = {};
  for (const { name, domain } of space.params) {
    if (domain.kind === 'categorical') {
      point[name] =
        domain.choices[Math.min(domain.choices.length - 1, Math.floor(rng() * domain.choices.length))] ?? '';
      continue;
    }
    const a = axisOf(domain);
    point[name] = a.from(a.low + rng() * (a.high - a.low));
  }
  return point;
}

export const feasible = (space: SearchSpace, p: Point): boolean =>
  space.constraints.every((c) => holds(c, p));

/** Tries before a draw that breaks a constraint is refused: the constraints leave almost nothing. */
export const MAX_REJECTIONS = 10_000;

/** A random point that keeps every constraint (rejection sampling). */
export function feasibleRandomPoint(space: SearchSpace, rng: Rng): Point {
  for (let i = 0; i < MAX_REJECTIONS; i++) {
    const p = randomPoint(space, rng);
    if (feasible(space, p)) return p;
  }
  // The constraints and ranges the config gives leave (almost) nothing: the config must change.
  throw new ConfigError(
    `optimize: no point keeps the constraints (${space.constraints.map((c) => c.text).join(', ')}) in ${MAX_REJECTIONS} random draws within the ranges: widen the ranges or relax the constraints`,
  );
}

export const randomSampler: Sampler = {
  name: 'random',
  sample: (space, _trials, rng) => feasibleRandomPoint(space, rng),
};
