import type { JobSpec } from '../scheduler/Scheduler.ts';
import type { Executor } from './Executor.ts';
import { closeAllRequested, onHaltSignal } from './killSwitch.ts';
import type { TradingLease } from './tradingLease.ts';

/**
 * The executor's cadences, as jobs the kernel registers with `src/scheduler/Scheduler.ts` per mode
 * (live and dry-run: all three; a backtest: none, or reconcile at its own pace). Each job does
 * nothing once the executor has stopped. Default period: `execution.reconcile.intervalMs`.
 * Registration order matters on a shared due time: the close-all watch runs before reconcile.
 */
export function housekeepingJobs(
  ex: Executor,
  lease?: TradingLease,
  everyMs: number = ex.options.reconcile.intervalMs,
): JobSpec[] {
  const jobs: JobSpec[] = [
    {
      name: 'execution.closeAllWatch',
      everyMs,
      run: () => (closeAllRequested(ex) ? onHaltSignal(ex) : undefined),
    },
    { name: 'execution.reconcile', everyMs, run: () => (ex.alive() ? ex.reconcileNow() : undefined) },
  ];
  if (lease !== undefined)
    jobs.push({
      name: 'execution.leaseHeartbeat',
      everyMs,
      run: () => {
        if (!ex.alive()) return;
        try {
          ex.journal.heartbeat();
        } catch {
          // a failed heartbeat write is a journal failure: the gate already fails closed
        }
      },
    });
  return jobs;
}
