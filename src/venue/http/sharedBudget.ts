import type { Clock } from '../../clock/Clock.ts';
import { type BudgetOptions, DEFAULT_BUDGET, RequestBudget } from './requestBudget.ts';

// The venue meters per key, so every client built on one key must draw from one bucket:
// separate buckets would silently multiply the rate (reliability.md A12).
const byClock = new WeakMap<Clock, Map<string, RequestBudget>>();

/** The one budget of `credential` on `clock`; the first caller's options win. */
export function sharedBudget(
  clock: Clock,
  credential: string,
  options: BudgetOptions = DEFAULT_BUDGET,
): RequestBudget {
  let perKey = byClock.get(clock);
  if (perKey === undefined) {
    perKey = new Map();
    byClock.set(clock, perKey);
  }
  let budget = perKey.get(credential);
  if (budget === undefined) {
    budget = new RequestBudget(clock, options);
    perKey.set(credential, budget);
  }
  return budget;
}
