import type { SearchSpace } from '../../src/config/searchSpace.ts';
import type { Point } from './coordinate.ts';
import { type MedianPrunerOptions, shouldPrune } from './medianPruner.ts';
import { seededRng } from './rng.ts';
import { type Sampler, TrialState } from './Sampler.ts';
import type { StudyStorage } from './studyStorage.ts';
import { type StoredTrial, trialView } from './studyStore.ts';

/** Thrown through the backtest by `report` to end a trial the pruner stops. */
class PrunedTrial extends Error {
  constructor() {
    super('pruned');
  }
}

/** A trial's run: the objective's value, its loss, and the figures to keep. */
export interface TrialResult {
  readonly value: number | null;
  readonly loss: number;
  readonly metrics: Readonly<Record<string, number | null>>;
}

export interface StudyRun {
  readonly store: StudyStorage;
  readonly owner: string;
  /** Trials the study has when done (a resumed study runs only the rest). */
  readonly trials: number;
  readonly space: SearchSpace;
  readonly sampler: Sampler;
  readonly seed: number;
  /**
   * Runs the point; `report(step, loss)` gives the loss at a checkpoint and throws (ending the
   * run) when the pruner stops the trial.
   */
  readonly run: (point: Point, report: (step: number, loss: number) => void) => Promise<TrialResult>;
  /** The median pruner's settings; undefined: no pruning. */
  readonly pruner?: MedianPrunerOptions;
  readonly onTrial?: (trials: readonly StoredTrial[]) => void;
}

/**
 * Claims, runs and finishes trials until the study has its number of them. Trial n's point is
 * drawn with the rng of (seed, n) from every trial before it: the same seed and the same
 * history propose the same point. A run that throws (a point the strategy refuses) is a failed
 * trial with its reason.
 */
export async function runStudy(o: StudyRun): Promise<readonly StoredTrial[]> {
  for (;;) {
    const claim = await o.store.claim(o.owner, o.trials, (trials, number) =>
      o.sampler.sample(o.space, trials.map(trialView), seededRng(o.seed, number)),
    );
    if (claim === undefined) break;
    const earlier = (await o.store.trials())
      .filter((t) => t.state === TrialState.complete && t.number !== claim.number)
      .map((t) => t.intermediate);
    const intermediate: Record<string, number> = {};
    const pruned = new PrunedTrial();
    const report = (step: number, loss: number) => {
      intermediate[step] = loss;
      if (o.pruner !== undefined && shouldPrune(step, loss, earlier, o.pruner)) throw pruned;
    };
    try {
      const r = await o.run(claim.point, report);
      await o.store.finish(claim.number, o.owner, { state: TrialState.complete, ...r, intermediate });
    } catch (error) {
      const last = Object.values(intermediate).at(-1) ?? null;
      await o.store.finish(
        claim.number,
        o.owner,
        error === pruned
          ? { state: TrialState.pruned, value: null, loss: last, metrics: {}, intermediate }
          : {
              state: TrialState.failed,
              value: null,
              loss: null,
              metrics: {},
              error: error instanceof Error ? error.message : String(error),
              intermediate,
            },
      );
    }
    o.onTrial?.(await o.store.trials());
  }
  return o.store.trials();
}

/** The best finished trial: the lowest loss, the earliest of equals. */
export function bestTrial(trials: readonly StoredTrial[]): StoredTrial | undefined {
  let best: StoredTrial | undefined;
  for (const t of trials) {
    if (t.state !== TrialState.complete || t.loss === null) continue;
    if (best === undefined || (best.loss ?? Number.POSITIVE_INFINITY) > t.loss) best = t;
  }
  return best;
}
