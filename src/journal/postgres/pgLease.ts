import type { Pool } from 'pg';
import { thisHost } from '../lease.ts';

/** Who holds a lease row, as a standby reports it. */
export interface PgLeaseHolder {
  readonly instanceId: string;
  readonly pid: number;
  readonly host: string;
  readonly token: number;
  /** How long ago, by the database's clock, the holder last renewed. */
  readonly silentForMs: number;
}

export type LeaseClaim =
  | { readonly held: true; readonly token: number }
  | { readonly held: false; readonly holder: PgLeaseHolder | undefined };

/**
 * Takes the lease of `scope` when it is free, released, expired (no renewal for `ttlMs` by the
 * database's clock, so no host's clock matters) or already ours. Each take raises the fencing
 * token: the row is never deleted, so the token only increases.
 */
export async function claimPgLease(
  pool: Pool,
  scope: string,
  instanceId: string,
  ttlMs: number,
): Promise<LeaseClaim> {
  const res = await pool.query<{ token: number }>(
    `INSERT INTO perpflow_lease AS l (scope, token, instance_id, pid, host, acquired_at, heartbeat_at)
     VALUES ($1, 1, $2, $3, $4, clock_timestamp(), clock_timestamp())
     ON CONFLICT (scope) DO UPDATE SET token = l.token + 1, instance_id = EXCLUDED.instance_id,
       pid = EXCLUDED.pid, host = EXCLUDED.host, acquired_at = EXCLUDED.acquired_at,
       heartbeat_at = EXCLUDED.heartbeat_at
     WHERE l.instance_id = $2 OR l.heartbeat_at < clock_timestamp() - make_interval(secs => $5::float8 / 1000)
     RETURNING token`,
    [scope, instanceId, process.pid, thisHost(), ttlMs],
  );
  const row = res.rows[0];
  if (row !== undefined) return { held: true, token: row.token };
  return { held: false, holder: await pgLeaseHolder(pool, scope) };
}

export async function pgLeaseHolder(pool: Pool, scope: string): Promise<PgLeaseHolder | undefined> {
  const res = await pool.query<{
    instance_id: string;
    pid: number;
    host: string;
    token: number;
    silent_ms: number;
  }>(
    `SELECT instance_id, pid, host, token,
       (extract(epoch FROM clock_timestamp() - heartbeat_at) * 1000)::float8 AS silent_ms
     FROM perpflow_lease WHERE scope = $1`,
    [scope],
  );
  const r = res.rows[0];
  return r === undefined
    ? undefined
    : { instanceId: r.instance_id, pid: r.pid, host: r.host, token: r.token, silentForMs: r.silent_ms };
}

/** Renews the lease while `token` is still current; false when another instance took it. */
export async function renewPgLease(pool: Pool, scope: string, token: number): Promise<boolean> {
  const res = await pool.query(
    'UPDATE perpflow_lease SET heartbeat_at = clock_timestamp() WHERE scope = $1 AND token = $2',
    [scope, token],
  );
  return res.rowCount === 1;
}

/** An orderly stop: the row stays (the token must keep rising) but is expired at once. */
export async function releasePgLease(pool: Pool, scope: string, token: number): Promise<void> {
  await pool.query(`UPDATE perpflow_lease SET heartbeat_at = '-infinity' WHERE scope = $1 AND token = $2`, [
    scope,
    token,
  ]);
}
