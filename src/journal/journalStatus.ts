import { existsSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { SystemClock } from '../clock/SystemClock.ts';
import { ConfigError } from '../errors/ConfigError.ts';
import { JournalError } from '../errors/JournalError.ts';
import { describeError } from '../log/redact.ts';
import { Journal } from './Journal.ts';

/**
 * Opens an existing journal for an operator command (halt, resume, status): no lease is taken,
 * so it works beside a running instance (WAL lets readers and one writer share the file), and
 * a missing or unreadable file is an error, never silently created or quarantined.
 */
export function openExistingJournal(path: string): Journal {
  if (!existsSync(path)) throw new ConfigError(`--journal: no journal at ${path}`);
  try {
    return new Journal(new DatabaseSync(path), { path, clock: new SystemClock() });
  } catch (e) {
    throw new JournalError(`cannot open journal ${path}: ${describeError(e)}`, { cause: e });
  }
}

export interface LeaseRow {
  readonly scope: string;
  readonly pid: number;
  readonly host: string;
  readonly heartbeatAt: number;
}

export function leaseRows(j: Journal): LeaseRow[] {
  return j.database
    .prepare('SELECT scope, pid, host, heartbeat_at FROM lease')
    .all()
    .map((r) => ({
      scope: String(r.scope),
      pid: Number(r.pid),
      host: String(r.host),
      heartbeatAt: Number(r.heartbeat_at),
    }));
}

export function metaWithPrefix(j: Journal, prefix: string): { key: string; value: string }[] {
  return j.database
    .prepare('SELECT key, value FROM meta WHERE key LIKE ? ORDER BY key')
    .all(`${prefix}%`)
    .map((r) => ({ key: String(r.key), value: String(r.value) }));
}
