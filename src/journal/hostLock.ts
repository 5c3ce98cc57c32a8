import { createHash } from 'node:crypto';
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isRecord } from '../domain/isRecord.ts';
import { errnoCode } from '../errors/errnoCode.ts';
import { JournalError } from '../errors/JournalError.ts';
import { PerpflowError } from '../errors/PerpflowError.ts';
import { holderAlive, holderPidText, thisHost } from './lease.ts';

export interface HostLock {
  readonly file: string;
  release(): void;
}

/** Another live instance trades this venue account: a person decides (exit 2), nothing traded. */
export class AccountInUseError extends PerpflowError {
  readonly code = 'ACCOUNT_IN_USE';
  override readonly exitCode = 2;
}

interface LockBody {
  readonly scope: string;
  readonly pid: number;
  readonly host: string;
  readonly instanceId: string;
  readonly journal: string;
}

/** A lock file's body; undefined when it is not one (a crash mid-write leaves a torn file). */
function lockBodyIn(text: string): LockBody | undefined {
  const v: unknown = JSON.parse(text);
  if (!isRecord(v)) return undefined;
  const { scope, pid, host, instanceId, journal } = v;
  return typeof scope === 'string' &&
    typeof pid === 'number' &&
    typeof host === 'string' &&
    typeof instanceId === 'string' &&
    typeof journal === 'string'
    ? { scope, pid, host, instanceId, journal }
    : undefined;
}

/**
 * One trader per venue account (chain, subaccount) on this host, whatever journal file each uses:
 * the journal lease only sees instances sharing a file. `dir` is where every bot of the host looks
 * (hostStateDir()); a lock file there names the holder, and a dead holder's lock is taken over.
 */
export function acquireHostLock(dir: string, scope: string, instanceId: string, journal: string): HostLock {
  const file = join(dir, `perpflow-${createHash('sha256').update(scope).digest('hex').slice(0, 16)}.lock`);
  const body: LockBody = { scope, pid: process.pid, host: thisHost(), instanceId, journal };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(body), { flag: 'wx' });
      return {
        file,
        release: () => {
          try {
            if (lockBodyIn(readFileSync(file, 'utf8'))?.instanceId === instanceId) unlinkSync(file);
          } catch {
            // already gone
          }
        },
      };
    } catch (e) {
      if (errnoCode(e) !== 'EEXIST') throw new JournalError(`cannot create lock ${file}: ${String(e)}`);
    }
    let holder: LockBody | undefined;
    try {
      holder = lockBodyIn(readFileSync(file, 'utf8'));
    } catch {
      holder = undefined; // unreadable: a crash mid-write; take it over
    }
    if (
      holder !== undefined &&
      holderAlive({ ...holder, scope, acquiredAt: 0, heartbeatAt: 0 }, 0, Number.POSITIVE_INFINITY)
    )
      throw new AccountInUseError(
        `another perpflow instance (${holderPidText(holder.pid, holder.host)}, journal ${holder.journal}) trades ${scope}, the same venue account; refusing to start. Stop it (perpflow halt --journal ${holder.journal}), or start with --allow-shared-account if two bots on one account is really meant`,
        { details: { scope, pid: holder.pid, journal: holder.journal } },
      );
    try {
      unlinkSync(file);
    } catch {
      // raced with another starter; the next attempt decides
    }
  }
  throw new JournalError(`could not take the lock for ${scope} in ${dir}`);
}
