export interface MedianPrunerOptions {
  /** Finished trials needed before any trial is pruned (Optuna: 5). */
  readonly nStartupTrials?: number;
  /** Checkpoints of a trial before it may be pruned (Optuna: 0). */
  readonly nWarmupSteps?: number;
}

/** A trial's intermediate losses (lower is better), by checkpoint. */
export type Intermediate = Readonly<Record<string, number>>;

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? (s[m] ?? Number.NaN) : ((s[m - 1] ?? Number.NaN) + (s[m] ?? Number.NaN)) / 2;
}

/**
 * Optuna's MedianPruner: at checkpoint `step`, a trial whose intermediate loss is worse than the
 * median of earlier trials' losses at that same step stops. `earlier` are the intermediate values
 * of the trials that completed before (pruned ones do not set the bar, as in Optuna).
 */
export function shouldPrune(
  step: number,
  loss: number,
  earlier: readonly Intermediate[],
  o: MedianPrunerOptions = {},
): boolean {
  if (step < (o.nWarmupSteps ?? 0)) return false;
  if (earlier.length < (o.nStartupTrials ?? 5)) return false;
  const atStep = earlier.flatMap((t) => {
    const v = t[step];
    return v === undefined || Number.isNaN(v) ? [] : [v];
  });
  if (atStep.length === 0) return false;
  return Number.isNaN(loss) || loss > median(atStep);
}
