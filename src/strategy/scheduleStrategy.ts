import type { Intent } from '../domain/intent.ts';
import type { Scheduler } from '../scheduler/Scheduler.ts';
import type { ScheduleMemory } from '../scheduler/scheduleMemory.ts';
import type { AnyStrategy, StrategySchedule } from './defineStrategy.ts';
import type { StrategyRunner } from './StrategyRunner.ts';

export interface ScheduleOptions {
  /** Where each schedule's last run is kept (the journal, live): the misfire policy reads it. */
  readonly memory?: ScheduleMemory;
  /** How late a missed due time may still run (the strategy entry's `misfireGraceMs`). */
  readonly misfireGraceMs?: number;
}

/**
 * Adds a strategy's cron schedules to the process scheduler as jobs named
 * `strategy:<id>:<name>`. They run on the scheduler's clock — virtual in tests and backtests,
 * wall time live — through the runner, so a failing schedule is isolated like any hook. The hook
 * sees the due time as `ctx.now`, so the ids of its intents derive from (strategy, schedule, due
 * time): a second run for one due time (a restart, a timer firing twice, a late run after a
 * take-over) repeats the same ids and the executor refuses them as duplicates.
 * With a memory, each run's due time is kept, and a due time missed while no process ran the
 * schedule runs once, late, within the misfire grace (Scheduler's Misfire); older ones are skipped.
 */
export function scheduleStrategy(
  scheduler: Scheduler,
  strategy: AnyStrategy,
  params: unknown,
  runner: StrategyRunner,
  sink: (intent: Intent) => void,
  options: ScheduleOptions = {},
): readonly string[] {
  const s = strategy.schedule;
  const entries: readonly StrategySchedule<unknown, unknown>[] =
    s === undefined ? [] : typeof s === 'function' ? s(params) : s;
  const { memory, misfireGraceMs } = options;
  return entries.map((entry) => {
    const name = `strategy:${runner.id}:${entry.name}`;
    scheduler.add({
      name,
      cron: entry.cron,
      run: (dueAt) => {
        for (const intent of runner.runSchedule(entry.name, entry.run, dueAt)) sink(intent);
        memory?.ran(name, dueAt);
      },
      ...(memory === undefined
        ? {}
        : {
            misfire: {
              lastDue: memory.lastDue(name),
              ...(misfireGraceMs === undefined ? {} : { graceMs: misfireGraceMs }),
            },
          }),
    });
    return name;
  });
}
