import type { z } from 'zod';
import type { executionSchema } from '../../config/sections/execution.ts';

/** `execution.poll`: how the RFQ adapter polls a request's status (the config schema's own type). */
export type PollOptions = z.output<typeof executionSchema>['poll'];

/**
 * Delay before poll number `attempt` (0 = the first poll after the 201): soon, then growing by
 * `factor`, capped. A Retry-After from the venue is a floor, never shortened.
 */
export function pollDelay(attempt: number, o: PollOptions, retryAfterMs?: number): number {
  const base = Math.min(o.maxDelayMs, o.firstDelayMs * o.factor ** Math.max(0, attempt));
  return retryAfterMs === undefined ? Math.round(base) : Math.max(Math.round(base), retryAfterMs);
}
