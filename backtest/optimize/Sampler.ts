import type { SearchSpace } from '../../src/config/searchSpace.ts';
import type { Point } from './coordinate.ts';
import type { Rng } from './rng.ts';

export const TrialState = {
  running: 'running',
  complete: 'complete',
  pruned: 'pruned',
  failed: 'failed',
} as const;
export type TrialState = (typeof TrialState)[keyof typeof TrialState];

/** What a sampler knows of a trial: its point, and its loss (lower is better) once known. */
export interface TrialView {
  readonly number: number;
  readonly state: TrialState;
  readonly point: Point;
  /** The objective as a loss (negated for a maximised objective); a pruned trial's last one. */
  readonly loss?: number;
}

/** Proposes the next point from the trials so far; pure given its rng. */
export interface Sampler {
  readonly name: string;
  sample(space: SearchSpace, trials: readonly TrialView[], rng: Rng): Point;
}
