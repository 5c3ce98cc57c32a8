import type { HookBudgetOptions, Overrun, OverrunScript } from '../strategy/HookBudget.ts';
import type { KernelOptions } from './KernelOptions.ts';

/**
 * How the kernel's strategies are held to their hook budget: its length, who hears a call over
 * it (a recording: an input of the session), and which calls fail again in a replay.
 */
export interface StageBudget {
  readonly hookBudgetMs?: number;
  readonly onOverrun?: (strategyId: string, o: Overrun) => void;
  readonly overruns?: (strategyId: string) => OverrunScript | undefined;
}

export function stageBudget(o: KernelOptions): StageBudget {
  const onOverrun = o.tap?.overrun;
  return {
    ...(o.hookBudgetMs === undefined ? {} : { hookBudgetMs: o.hookBudgetMs }),
    ...(onOverrun === undefined ? {} : { onOverrun }),
    ...(o.overruns === undefined ? {} : { overruns: o.overruns }),
  };
}

/** One runner's part of the stage's budget. */
export function runnerBudget(b: StageBudget | undefined, strategyId: string): HookBudgetOptions {
  const script = b?.overruns?.(strategyId);
  const heard = b?.onOverrun;
  return {
    ...(b?.hookBudgetMs === undefined ? {} : { hookBudgetMs: b.hookBudgetMs }),
    ...(heard === undefined ? {} : { onOverrun: (o: Overrun) => heard(strategyId, o) }),
    ...(script === undefined ? {} : { overruns: script }),
  };
}
