import type { SearchSpace } from '../../src/config/searchSpace.ts';
import type { Point } from './coordinate.ts';
import { ParzenEstimator } from './parzenEstimator.ts';
import { feasible, feasibleRandomPoint } from './randomSampler.ts';
import type { Rng } from './rng.ts';
import { type Sampler, TrialState, type TrialView } from './Sampler.ts';

export interface TpeOptions {
  /** Random trials before the estimators take over (Optuna: 10). */
  readonly nStartup?: number;
  /** Candidates drawn from l(x) per trial, the best by l/g taken (Optuna: 24). */
  readonly nEiCandidates?: number;
  readonly priorWeight?: number;
  /** Running trials count as bad ones ("constant liar"): parallel trials spread out. */
  readonly constantLiar?: boolean;
}

/** Optuna's default gamma: the best 10% (at most 25) make up l(x). */
export const gamma = (n: number): number => Math.min(Math.ceil(0.1 * n), 25);

/** Optuna's default weights: the 25 newest count 1, older ones ramp down linearly to 1/n. */
export function defaultWeights(n: number): number[] {
  if (n < 25) return new Array(n).fill(1);
  const ramp = Array.from({ length: n - 25 }, (_, i) =>
    n - 25 === 1 ? 1 / n : 1 / n + (i * (1 - 1 / n)) / (n - 26),
  );
  return [...ramp, ...new Array(25).fill(1)];
}

const byNumber = (a: TrialView, b: TrialView) => a.number - b.number;
/** By loss, then by number; Infinity compares without NaN. */
function byLoss(a: TrialView, b: TrialView): number {
  const x = a.loss ?? Number.POSITIVE_INFINITY;
  const y = b.loss ?? Number.POSITIVE_INFINITY;
  return x < y ? -1 : x > y ? 1 : a.number - b.number;
}

function estimator(space: SearchSpace, group: readonly TrialView[], priorWeight: number): ParzenEstimator {
  const ordered = [...group].sort(byNumber);
  return new ParzenEstimator(
    space,
    ordered.map((t) => t.point),
    defaultWeights(ordered.length),
    priorWeight,
  );
}

/**
 * Tree-structured Parzen Estimator, as Optuna 3.1's TPESampler(multivariate=True): after
 * `nStartup` random trials, the finished trials are split at the gamma quantile of the loss into
 * good (l) and bad (g); `nEiCandidates` points drawn from l are scored by log l − log g and the
 * best is taken. Pruned trials rank after complete ones (by their last loss); failed trials are
 * left out; with the constant liar a running trial joins g. Candidates that break a constraint
 * are dropped before scoring.
 */
export function tpeSampler(o: TpeOptions = {}): Sampler {
  const nStartup = o.nStartup ?? 10;
  const nCandidates = o.nEiCandidates ?? 24;
  const priorWeight = o.priorWeight ?? 1;
  const liar = o.constantLiar ?? true;
  return {
    name: 'tpe',
    sample: (space, trials, rng: Rng): Point => {
      // An infinite loss (a run without the figure) is complete and ranks last; NaN is no loss.
      const complete = trials.filter(
        (t) => t.state === TrialState.complete && !Number.isNaN(t.loss ?? Number.NaN),
      );
      if (complete.length < nStartup || space.params.length === 0) return feasibleRandomPoint(space, rng);
      const pruned = trials.filter(
        (t) => t.state === TrialState.pruned && !Number.isNaN(t.loss ?? Number.NaN),
      );
      const ranked = [...[...complete].sort(byLoss), ...[...pruned].sort(byLoss)];
      const running = liar ? trials.filter((t) => t.state === TrialState.running) : [];
      // As Optuna: gamma of the finished trials; the running ones only join g.
      const nBelow = gamma(ranked.length);
      const below = ranked.slice(0, nBelow);
      const above = [...ranked.slice(nBelow), ...running];
      const l = estimator(space, below, priorWeight);
      const g = estimator(space, above, priorWeight);
      let best: Point | undefined;
      let bestScore = Number.NEGATIVE_INFINITY;
      let drawn = 0;
      for (let tries = 0; drawn < nCandidates && tries < nCandidates * 100; tries++) {
        const x = l.sample(rng);
        if (!feasible(space, x)) continue;
        drawn++;
        const score = l.logPdf(x) - g.logPdf(x);
        if (best === undefined || score > bestScore) {
          best = x;
          bestScore = score;
        }
      }
      return best ?? feasibleRandomPoint(space, rng);
    },
  };
}
