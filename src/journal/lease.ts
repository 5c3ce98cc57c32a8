import { hostname } from 'node:os';
import type { DatabaseSync } from 'node:sqlite';
import { JournalLeaseHeldError } from '../errors/JournalError.ts';
import { launcherOf, pidAlive } from './processState.ts';

/** Who holds a journal's lease. */
export interface LeaseHolder {
  readonly scope: string;
  readonly instanceId: string;
  readonly pid: number;
  readonly host: string;
  readonly acquiredAt: number;
  readonly heartbeatAt: number;
}

/**
 * Journals opened by this process and not yet closed or abandoned. A lease held by this process
 * is alive exactly while its journal is in this set; a simulated crash (`Journal.abandon`) drops
 * it, as the death of a process would.
 */
const liveInstances = new Set<string>();

/** How long a SQLite journal's lease lasts unrenewed: a holder on another host counts while its heartbeat is this fresh. */
export const SQLITE_LEASE_TTL_MS = 60_000;

export function markLive(instanceId: string): void {
  liveInstances.add(instanceId);
}

export function markDead(instanceId: string): void {
  liveInstances.delete(instanceId);
}

/**
 * Whether the holder can still be writing. On this host the answer is exact (process table, a
 * zombie counting as dead, or this process's own registry); on another host only a fresh heartbeat counts.
 */
export function holderAlive(holder: LeaseHolder, now: number, ttlMs: number): boolean {
  if (holder.host === hostname()) {
    if (holder.pid === process.pid) return liveInstances.has(holder.instanceId);
    return pidAlive(holder.pid);
  }
  return now - holder.heartbeatAt < ttlMs;
}

export function thisHost(): string {
  return hostname();
}

/**
 * A holder as the operator can act on it: its pid and host, and on this host the pid of the
 * launcher that started it (bin/perpflow.js under an older Node), which is the one the operator
 * started and a supervisor stops.
 */
export function holderPidText(pid: number, host: string): string {
  const launcher = host === thisHost() ? launcherOf(pid) : undefined;
  const started = launcher === undefined ? '' : `, started as pid ${launcher} (bin/perpflow.js)`;
  return `pid ${pid} on ${host}${started}`;
}

/**
 * Inside the caller's transaction: takes the `lease` row for `scope`, or throws a JournalError
 * naming the live holder (reliability.md scenario 20). A dead holder's row is taken over.
 */
export function claimLease(
  db: DatabaseSync,
  scope: string,
  instanceId: string,
  now: number,
  ttlMs: number,
): void {
  const row = db.prepare('SELECT * FROM lease WHERE scope=?').get(scope) as
    | Record<string, string | number>
    | undefined;
  if (row !== undefined && row.instance_id !== instanceId) {
    const holder: LeaseHolder = {
      scope,
      instanceId: String(row.instance_id),
      pid: Number(row.pid),
      host: String(row.host),
      acquiredAt: Number(row.acquired_at),
      heartbeatAt: Number(row.heartbeat_at),
    };
    if (holderAlive(holder, now, ttlMs))
      throw new JournalLeaseHeldError(
        `another perpflow instance (${holderPidText(holder.pid, holder.host)}) holds the journal lease for ${scope}; refusing to start`,
        { details: { scope, pid: holder.pid, host: holder.host } },
      );
  }
  db.prepare(
    `INSERT INTO lease(scope,instance_id,pid,host,acquired_at,heartbeat_at) VALUES (?,?,?,?,?,?)
     ON CONFLICT(scope) DO UPDATE SET instance_id=excluded.instance_id, pid=excluded.pid, host=excluded.host,
     acquired_at=excluded.acquired_at, heartbeat_at=excluded.heartbeat_at`,
  ).run(scope, instanceId, process.pid, thisHost(), now, now);
}

export function beatLease(db: DatabaseSync, scope: string, instanceId: string, now: number): void {
  db.prepare('UPDATE lease SET heartbeat_at=? WHERE scope=? AND instance_id=?').run(now, scope, instanceId);
}

export function releaseLease(db: DatabaseSync, scope: string, instanceId: string): void {
  db.prepare('DELETE FROM lease WHERE scope=? AND instance_id=?').run(scope, instanceId);
}
