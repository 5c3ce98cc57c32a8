import type { DatabaseSync } from 'node:sqlite';
import { JournalError } from '../errors/JournalError.ts';
import { describeError } from '../log/redact.ts';
import { TurnCommit } from './TurnCommit.ts';

/**
 * How the SQLite journal writes: each write in one IMMEDIATE transaction, or with `groupCommit` as
 * one savepoint of the turn's transaction (TurnCommit). The first failed write or commit latches
 * the journal closed for writes (fail closed), so nothing is sent that is not on disk.
 */
export class SqliteWrites {
  private readonly database: DatabaseSync;
  private readonly path: string;
  private readonly turn: TurnCommit | undefined;
  private failure: JournalError | undefined;
  private depth = 0;
  private closed = false;

  /** Called after each BEGIN: it may have waited for another process's write lock (DataVersion). */
  private readonly onBegin: () => void;

  constructor(database: DatabaseSync, path: string, groupCommit: boolean, onBegin: () => void = () => {}) {
    this.database = database;
    this.path = path;
    this.onBegin = onBegin;
    this.turn = groupCommit
      ? new TurnCommit(database, (cause) => this.latch('commit', cause), onBegin)
      : undefined;
  }

  /** The sticky error of the first failed write, if any: while set, nothing may be sent. */
  get failed(): JournalError | undefined {
    return this.failure;
  }

  /** Runs `fn` as one write; a failure latches the journal closed for writes. */
  run<T>(what: string, fn: () => T): T {
    if (this.closed) throw new JournalError(`journal ${this.path} is closed; cannot ${what}`);
    if (this.failure !== undefined) throw this.failure;
    // Nested writes join the outer transaction: one commit (one fsync) for a group of changes.
    if (this.depth > 0) return fn();
    if (this.turn !== undefined) return this.inTurn(what, fn, this.turn);
    try {
      this.database.exec('BEGIN IMMEDIATE');
      this.onBegin();
      this.depth++;
      let out: T;
      try {
        out = fn();
      } finally {
        this.depth--;
      }
      this.database.exec('COMMIT');
      return out;
    } catch (cause) {
      try {
        if (this.database.isTransaction) this.database.exec('ROLLBACK');
      } catch {
        // The rollback of a broken database may fail too; the latch below is what matters.
      }
      if (cause instanceof JournalError) throw cause;
      throw this.latch(what, cause);
    }
  }

  /**
   * The commit of the turn's writes while it is under way (`groupCommit`); undefined when every
   * write is on disk. Rejects with the latched JournalError when the commit fails.
   */
  pending(): Promise<void> | undefined {
    return this.turn?.pending();
  }

  /**
   * Commits the turn's writes now: a lease or a latched state other processes read must not wait.
   * Inside an outer write (a meta change among others) the outer write's transaction decides.
   */
  commitTurn(): void {
    if (this.depth === 0) this.turn?.commitNow();
  }

  /** The handle goes: an open turn's writes are dropped, as a killed process drops them. */
  close(): void {
    this.closed = true;
    this.turn?.drop(new JournalError(`journal ${this.path} was abandoned before its commit`));
  }

  private inTurn<T>(what: string, fn: () => T, turn: TurnCommit): T {
    this.depth++;
    try {
      return turn.run(fn);
    } catch (cause) {
      if (cause instanceof JournalError) throw cause;
      const failure = this.latch(what, cause);
      // What the turn wrote before the failed write stays as durable as it was without group commit.
      turn.commitNow();
      throw failure;
    } finally {
      this.depth--;
    }
  }

  /** The first failed write or commit: every later write refuses (fail closed). */
  private latch(what: string, cause: unknown): JournalError {
    this.failure ??= new JournalError(`journal write failed (${what}): ${describeError(cause)}`, {
      details: { path: this.path, operation: what },
      cause,
    });
    return this.failure;
  }
}
