import type { Logger } from '../log/Logger.ts';
import { describeError } from '../log/redact.ts';
import { describeMissed } from '../scheduler/describeMissed.ts';
import type { JobEvent } from '../scheduler/Scheduler.ts';
import type { KernelTap } from './KernelOptions.ts';
import type { StrategyActivity } from './strategyActivity.ts';

/**
 * What the kernel does with its scheduler's events: failures and misfires are logged, a strategy
 * schedule's fire counts as its activity, and every fire but the gauge refresh (which decides
 * nothing) is tapped (a session recording).
 */
export function jobEvents(log: Logger, activity: StrategyActivity, tap: KernelTap | undefined) {
  return (e: JobEvent): void => {
    if (e.type === 'failed') log.warn(`job ${e.job} failed: ${describeError(e.error)}`);
    if (e.type === 'started') activity.jobStarted(e.job);
    if (e.type === 'started' && e.job !== 'report.gauges') tap?.job?.(e.job);
    if (e.type === 'missed') log.warn(describeMissed(e));
  };
}
