import { DatabaseSync } from 'node:sqlite';
import { PerpflowError } from '../errors/PerpflowError.ts';
import { describeError } from '../log/redact.ts';

/**
 * The journal file is corrupt: nothing starts (exit 2). Trading on would adopt the strategies' own
 * positions as external ones; a person decides, with `perpflow journal recover FILE`.
 */
export class CorruptJournalError extends PerpflowError {
  readonly code = 'JOURNAL_CORRUPT';
  override readonly exitCode = 2;
}

/**
 * What SQLite's quick check finds wrong with the file at `path`, opened read-only (nothing is
 * written to a file an operator merely asked about); undefined when it is intact.
 */
export function corruptionOf(path: string): string | undefined {
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(path, { readOnly: true });
    const rows = db.prepare('PRAGMA quick_check').all();
    const problems = rows.map((r) => String(Object.values(r)[0])).filter((t) => t !== 'ok');
    return problems.length === 0 ? undefined : problems.slice(0, 3).join('; ');
  } catch (e) {
    return describeError(e);
  } finally {
    db?.close();
  }
}

/** The trading-state latch as a damaged journal still tells it, where its meta table is readable. */
export interface Latch {
  readonly state: string;
  readonly reason: string | undefined;
}

export function latchOf(path: string): Latch | undefined {
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(path, { readOnly: true });
    const read = (key: string): string | undefined => {
      const row = db?.prepare('SELECT value FROM meta WHERE key=?').get(key);
      return row === undefined ? undefined : String(row.value);
    };
    const state = read('tradingState');
    return state === undefined ? undefined : { state, reason: read('tradingStateReason') };
  } catch {
    return undefined; // too damaged to say: the recovered journal starts halted all the same
  } finally {
    db?.close();
  }
}

/** `status` on a damaged file: its answers cannot be trusted, so say so (exit 2) and how to recover, never "fine". */
export function refuseCorruptJournal(path: string): void {
  const problem = corruptionOf(path);
  if (problem !== undefined)
    throw new CorruptJournalError(
      `the journal ${path} is corrupt (${problem}); what it says cannot be trusted. Keep the file as evidence; to start afresh (halted, every venue position adopted), run: perpflow journal recover ${path}`,
      { details: { path } },
    );
}
