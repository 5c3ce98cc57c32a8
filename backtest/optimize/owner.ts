import { hostname } from 'node:os';
import { errnoCode } from '../../src/errors/errnoCode.ts';

/** This process as the owner of the trials it claims: host and pid. */
export const processOwner = (): string => `${hostname()}:${process.pid}`;

/**
 * Whether the process that owns a trial is gone: on this host, no process has its pid (kill 0
 * answers ESRCH). An owner on another host is never taken for gone.
 */
export function ownerGone(owner: string): boolean {
  const at = owner.lastIndexOf(':');
  const pid = Number(owner.slice(at + 1));
  if (owner.slice(0, at) !== hostname() || !Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return errnoCode(error) === 'ESRCH';
  }
}
