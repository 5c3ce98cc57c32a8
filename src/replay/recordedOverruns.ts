import type { RecordLine } from '../kernel/record/recordLines.ts';
import type { OverrunCost, OverrunScript } from '../strategy/HookBudget.ts';

/**
 * The hook calls a recorded process had go over their time budget (`b` lines), by strategy: the
 * replay fails exactly those calls again (a recording older than version 2 has none, and its
 * hooks run untimed as before). Only for the strategies in `same` (their module unchanged): a
 * changed strategy's calls are other calls.
 */
export function recordedOverruns(
  lines: readonly RecordLine[],
  same: (strategyId: string) => boolean,
): (strategyId: string) => OverrunScript | undefined {
  const byStrategy = new Map<string, Map<string, OverrunCost>>();
  for (const l of lines) {
    if (l.k !== 'b' || !same(l.id)) continue;
    const calls = byStrategy.get(l.id) ?? new Map<string, OverrunCost>();
    byStrategy.set(l.id, calls);
    calls.set(`${l.n}:${l.h}`, { took: l.d, budgetMs: l.b });
  }
  return (strategyId) => {
    const calls = byStrategy.get(strategyId);
    return calls === undefined ? undefined : (hook, n) => calls.get(`${n}:${hook}`);
  };
}
