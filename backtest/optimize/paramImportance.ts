import type { SearchSpace } from '../../src/config/searchSpace.ts';
import { axisOf } from './coordinate.ts';
import type { StoredTrial } from './studyStore.ts';

/** Equal-count bins a numeric parameter's trials fall into. */
const BINS = 5;

export const IMPORTANCE_METHOD =
  "each parameter's main effect: the correlation ratio η² of the objective over the parameter's values (a choice per group; numbers in 5 equal-count bins along their axis), over the complete trials with a finite objective. Not fANOVA (Optuna's default): interactions are not counted.";

/**
 * The share of the objective's variance each parameter's value explains on its own (η²), by
 * parameter name; 0 for every parameter when the objective does not vary.
 */
export function paramImportance(space: SearchSpace, trials: readonly StoredTrial[]): Record<string, number> {
  const done = trials.filter((t) => t.state === 'complete' && t.value !== null && Number.isFinite(t.value));
  const y = done.map((t) => t.value ?? 0);
  const mean = y.reduce((a, b) => a + b, 0) / Math.max(1, y.length);
  const total = y.reduce((a, b) => a + (b - mean) ** 2, 0);
  const out: Record<string, number> = {};
  for (const { name, domain } of space.params) {
    let group: number[];
    if (domain.kind === 'categorical') group = done.map((t) => domain.choices.indexOf(t.point[name] ?? ''));
    else {
      const axis = axisOf(domain);
      const order = done.map((t, i) => ({ x: axis.to(Number(t.point[name])), i })).sort((a, b) => a.x - b.x);
      group = new Array(done.length).fill(0);
      order.forEach((o, rank) => {
        group[o.i] = Math.floor((rank * BINS) / Math.max(1, order.length));
      });
    }
    const sums = new Map<number, { n: number; s: number }>();
    group.forEach((g, i) => {
      const e = sums.get(g) ?? { n: 0, s: 0 };
      sums.set(g, { n: e.n + 1, s: e.s + (y[i] ?? 0) });
    });
    let between = 0;
    for (const { n, s } of sums.values()) between += n * (s / n - mean) ** 2;
    out[name] = total > 0 ? between / total : 0;
  }
  return out;
}
