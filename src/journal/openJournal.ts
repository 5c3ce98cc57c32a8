import { existsSync, renameSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { JournalError } from '../errors/JournalError.ts';
import { describeError } from '../log/redact.ts';
import { Journal, type JournalOptions } from './Journal.ts';
import { JournalRowError } from './JournalRowError.ts';

export interface OpenedJournal {
  readonly journal: Journal;
  /** Set when the file was corrupt: where it was moved. Every venue position is then external. */
  readonly quarantinedTo?: string;
}

function integrityOk(db: DatabaseSync): boolean {
  const row = db.prepare('PRAGMA quick_check').get() as Record<string, unknown> | undefined;
  return row !== undefined && Object.values(row)[0] === 'ok';
}

/**
 * Opens (or creates) the journal at `options.path`. A corrupt file is not repaired in place: it
 * is moved aside as `<path>.corrupt-<ts>` and a fresh journal starts, so the operator keeps the
 * evidence and the next reconciliation rebuilds exposure from the venue (scenario 17).
 */
export function openJournal(options: JournalOptions): OpenedJournal {
  const attempt = (): Journal => {
    const db = new DatabaseSync(options.path);
    try {
      if (options.path !== ':memory:' && !integrityOk(db)) throw new Error('integrity check failed');
      return new Journal(db, options);
    } catch (e) {
      try {
        db.close();
      } catch {
        // nothing to close
      }
      throw e;
    }
  };
  try {
    return { journal: attempt() };
  } catch (cause) {
    if (cause instanceof JournalRowError) throw cause;
    if (options.path === ':memory:' || !existsSync(options.path)) {
      throw new JournalError(`cannot open journal ${options.path}: ${describeError(cause)}`, { cause });
    }
    const quarantinedTo = `${options.path}.corrupt-${options.clock.now()}`;
    renameSync(options.path, quarantinedTo);
    for (const suffix of ['-wal', '-shm']) {
      if (existsSync(options.path + suffix)) rmSync(options.path + suffix);
    }
    const journal = attempt();
    journal.setMeta('quarantinedFrom', quarantinedTo);
    return { journal, quarantinedTo };
  }
}
