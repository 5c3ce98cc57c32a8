import { TransientVenueError } from '../errors/venueErrors.ts';

export interface RetryOptions {
  /** Retries after the first failure of one poll; then the poll is given up until the next tick. */
  readonly maxRetries: number;
  readonly firstDelayMs: number;
  readonly maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryOptions = { maxRetries: 3, firstDelayMs: 500, maxDelayMs: 10_000 };

/**
 * Delay before retry number `attempt` (1 = the first retry) of a failed read: doubling from
 * `firstDelayMs`, capped; a venue's Retry-After is a floor, never shortened. Only transient
 * errors are retried — anything else (auth, protocol) would fail the same way again.
 */
export function retryDelay(error: unknown, attempt: number, o: RetryOptions): number | undefined {
  if (!(error instanceof TransientVenueError) || attempt > o.maxRetries) return undefined;
  const backoff = Math.min(o.maxDelayMs, o.firstDelayMs * 2 ** (attempt - 1));
  return error.retryAfterMs === undefined ? backoff : Math.max(backoff, error.retryAfterMs);
}
