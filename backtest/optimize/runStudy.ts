import type { SearchSpace } from '../../src/config/searchSpace.ts';
import type { Point } from './coordinate.ts';
import { seededRng } from './rng.ts';
import { type Sampler, TrialState } from './Sampler.ts';
import { type StoredTrial, type StudyStore, trialView } from './studyStore.ts';

/** A trial's run: the objective's value, its loss, and the figures to keep. */
export interface TrialResult {
  readonly value: number | null;
  readonly loss: number;
  readonly metrics: Readonly<Record<string, number | null>>;
}

export interface StudyRun {
  readonly store: StudyStore;
  readonly owner: string;
  readonly isGone: (owner: string) => boolean;
  /** Trials the study has when done (a resumed study runs only the rest). */
  readonly trials: number;
  readonly space: SearchSpace;
  readonly sampler: Sampler;
  readonly seed: number;
  readonly run: (point: Point) => Promise<TrialResult>;
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
    const claim = o.store.claim(o.owner, o.trials, o.isGone, (trials, number) =>
      o.sampler.sample(o.space, trials.map(trialView), seededRng(o.seed, number)),
    );
    if (claim === undefined) break;
    try {
      const r = await o.run(claim.point);
      o.store.finish(claim.number, o.owner, { state: TrialState.complete, ...r });
    } catch (error) {
      o.store.finish(claim.number, o.owner, {
        state: TrialState.failed,
        value: null,
        loss: null,
        metrics: {},
        error: error instanceof Error ? error.message : String(error),
      });
    }
    o.onTrial?.(o.store.trials());
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
