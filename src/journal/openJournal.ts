import { existsSync, renameSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { JournalError } from '../errors/JournalError.ts';
import { describeError } from '../log/redact.ts';
import { CorruptJournalError, latchOf } from './corruptJournal.ts';
import { Journal, type JournalOptions } from './Journal.ts';
import { JournalRowError } from './JournalRowError.ts';

export interface OpenedJournal {
  readonly journal: Journal;
  /** Set when the file was corrupt: where it was moved. Every venue position is then external. */
  readonly quarantinedTo?: string;
}

export { CorruptJournalError };

export interface OpenJournalOptions extends JournalOptions {
  /**
   * What a corrupt file gets. 'refuse' (the default): a CorruptJournalError naming the file, what
   * was wrong and the recovery command. 'quarantine': moved aside as `<path>.corrupt-<ts>` and a
   * fresh journal started that remembers it and starts halted until `perpflow resume` (what
   * `perpflow journal recover` does deliberately).
   */
  readonly onCorrupt?: 'refuse' | 'quarantine';
}

function integrityOk(db: DatabaseSync): boolean {
  const row = db.prepare('PRAGMA quick_check').get();
  return row !== undefined && Object.values(row)[0] === 'ok';
}

/** Moves a journal file (and its WAL and shared memory) aside; returns where it went. */
export function quarantineJournalFile(path: string, now: number): string {
  const to = `${path}.corrupt-${now}`;
  renameSync(path, to);
  for (const suffix of ['-wal', '-shm'])
    if (existsSync(path + suffix)) renameSync(path + suffix, to + suffix);
  return to;
}

/**
 * A recovered journal starts halted until `perpflow resume`: every venue position is about to be
 * adopted as external, which a person checks first; and a halt latched in the corrupt file (`perpflow
 * halt --journal` still writes one) must not be lost by moving the file aside.
 */
function startHalted(journal: Journal, quarantinedTo: string): void {
  const old = latchOf(quarantinedTo);
  const why =
    old?.state === 'halted'
      ? `${old.reason ?? 'halted'}; kept through journal recover`
      : 'recovered from a corrupt journal: check the adopted positions, then perpflow resume';
  journal.setMeta('tradingState', 'halted');
  journal.setMeta('tradingStateReason', why);
}

/**
 * Opens (or creates) the journal at `options.path`. A corrupt file is never repaired in place,
 * and by default never silently replaced: the start fails closed (see OpenJournalOptions).
 */
export function openJournal(options: OpenJournalOptions): OpenedJournal {
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
    if (options.onCorrupt !== 'quarantine')
      throw new CorruptJournalError(
        `the journal ${options.path} is corrupt (${describeError(cause)}); refusing to start: trading on would adopt this bot's own positions as external ones. Keep the file as evidence; to start afresh and adopt every venue position deliberately, run: perpflow journal recover ${options.path}`,
        { cause, details: { path: options.path } },
      );
    const quarantinedTo = quarantineJournalFile(options.path, options.clock.now());
    const journal = attempt();
    journal.setMeta('quarantinedFrom', quarantinedTo);
    startHalted(journal, quarantinedTo);
    return { journal, quarantinedTo };
  }
}
