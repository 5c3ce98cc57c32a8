import { defer, EMPTY, type Observable, type SchedulerLike, throwError, timer } from 'rxjs';
import { catchError, exhaustMap, retry, tap } from 'rxjs/operators';
import { type RetryOptions, retryDelay } from './retryDelay.ts';

export interface PollEveryOptions<T> {
  readonly everyMs: number;
  readonly scheduler: SchedulerLike;
  readonly read: () => Promise<T>;
  readonly retry: RetryOptions;
  /** A poll that failed for good (retries spent, or a non-transient error): the owner logs it. */
  readonly onError: (error: unknown) => void;
  /** Called on every tick, before the poll or its skip: the staleness check hangs here. */
  readonly onTick?: () => void;
}

/**
 * One read per period on the given scheduler, starting at once. A read still running (or
 * retrying) when the next tick comes makes that tick be skipped, never stacked (exhaustMap); a
 * failed read is retried with backoff and Retry-After, then reported and given up until the next
 * tick, so the stream itself never errors.
 */
export function pollEvery<T>(o: PollEveryOptions<T>): Observable<T> {
  return timer(0, o.everyMs, o.scheduler).pipe(
    tap(() => o.onTick?.()),
    exhaustMap(() =>
      defer(o.read).pipe(
        retry({
          delay: (error: unknown, attempt: number) => {
            const ms = retryDelay(error, attempt, o.retry);
            return ms === undefined ? throwError(() => error) : timer(ms, o.scheduler);
          },
        }),
        catchError((error: unknown) => {
          o.onError(error);
          return EMPTY;
        }),
      ),
    ),
  );
}
