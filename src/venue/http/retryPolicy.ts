/** How reads are retried. Submits are never retried, whatever this says. */
export interface RetryPolicy {
  /** Retries after the first attempt (so `retries + 1` requests at most). */
  readonly retries: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  /** A `Retry-After` longer than this is not waited for: the read fails as transient instead. */
  readonly maxRetryAfterMs: number;
  readonly seed: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  retries: 3,
  baseDelayMs: 200,
  maxDelayMs: 5_000,
  maxRetryAfterMs: 30_000,
  seed: 1,
};

/** Capped exponential backoff with "equal jitter": half fixed, half random, never zero. */
export function backoffDelay(policy: RetryPolicy, retry: number, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** `Retry-After` as delta-seconds or an HTTP date, in ms from `now`; undefined when absent or bad. */
export function parseRetryAfter(header: string | null, now: number): number | undefined {
  if (header === null) return undefined;
  const text = header.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
