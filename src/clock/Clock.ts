import type { SchedulerLike } from 'rxjs';

export interface TimerHandle {
  readonly id: number;
}

/**
 * The only way perpflow code reads time or waits. Live runs get SystemClock; tests and backtests
 * get VirtualClock, so time-driven code (polling, backoff, funding, fills) runs identically.
 */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
  /** Resolves after `ms`; rejects with the signal's reason when aborted first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** An RxJS scheduler on this clock: `timer`, `interval`, `delay` … follow it. */
  readonly scheduler: SchedulerLike;
}

/** sleep() in terms of setTimeout/clearTimeout, shared by both clocks. */
export function sleepOn(
  clock: Pick<Clock, 'setTimeout' | 'clearTimeout'>,
  ms: number,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = (): void => {
      clock.clearTimeout(handle);
      reject(signal?.reason);
    };
    const handle = clock.setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
