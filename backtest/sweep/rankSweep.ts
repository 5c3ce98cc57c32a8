import { itemAt } from '../../src/domain/itemAt.ts';
import type { SweepAnswer } from './runSweepJob.ts';

/** A point and its answer; `V` is string | number | boolean for an optimiser's choices. */
export interface SweepRow<V = number> {
  readonly params: Readonly<Record<string, Readonly<Record<string, V>>>>;
  readonly answer: SweepAnswer;
}

const score = (a: SweepAnswer) => (a.ok ? (a.metrics.totalReturn ?? Number.NEGATIVE_INFINITY) : Number.NaN);

/**
 * The grid's points with their answers (answers[i] is point i's), ranked by total return, best
 * first; points that failed come last with their reason. The sort is stable: equal returns keep
 * the grid's order, so every way of running a sweep (threads, queue) ranks it the same.
 */
export function rankSweep(
  grid: readonly Readonly<Record<string, Readonly<Record<string, number>>>>[],
  answers: readonly SweepAnswer[],
): SweepRow[] {
  return grid
    .map((params, i) => ({ params, answer: itemAt(answers, i) }))
    .sort((x, y) => {
      const a = score(x.answer);
      const b = score(y.answer);
      if (Number.isNaN(a) || Number.isNaN(b)) return Number.isNaN(a) ? (Number.isNaN(b) ? 0 : 1) : -1;
      return b - a;
    });
}
