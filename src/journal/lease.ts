import { hostname } from 'node:os';

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

export function markLive(instanceId: string): void {
  liveInstances.add(instanceId);
}

export function markDead(instanceId: string): void {
  liveInstances.delete(instanceId);
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether the holder can still be writing. On this host the answer is exact (process table or
 * this process's own registry); on another host only a fresh heartbeat counts.
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
