import type { Pool } from 'pg';
import { releasePgLease } from './pgLease.ts';

/**
 * Ends a journal's pool once its last commit has landed, releasing the lease first when `lease`
 * names it (an orderly close: a standby takes over at once, not after the TTL). Never rejects: a
 * close that could not release leaves the lease to expire, which is what a crash leaves too.
 */
export function closePgPool(
  pool: Pool,
  last: Promise<void>,
  lease: { readonly scope: string; readonly token: number } | undefined,
): Promise<void> {
  return last
    .then(() => (lease === undefined ? undefined : releasePgLease(pool, lease.scope, lease.token)))
    .catch(() => undefined)
    .finally(() => pool.end().catch(() => undefined));
}
