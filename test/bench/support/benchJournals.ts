/** The journals the end-to-end bench compares, each counting its commits (intentsOverHttp.ts). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import type { Clock } from '../../../src/clock/Clock.ts';
import { openJournal } from '../../../src/journal/openJournal.ts';
import { openPostgresJournal } from '../../../src/journal/postgres/openPostgresJournal.ts';
import { TurnCommit } from '../../../src/journal/TurnCommit.ts';
import type { JournalUnderTest } from './intentsOverHttp.ts';

let turnCommits = 0;
let turnCommitMs = 0;
let countingTurns = false;

/** Counts and times TurnCommit's commits (group commit), each one COMMIT and one fsync. */
function countTurnCommits(): void {
  if (countingTurns) return;
  countingTurns = true;
  const commitNow = TurnCommit.prototype.commitNow;
  TurnCommit.prototype.commitNow = function (this: TurnCommit) {
    if (this.pending() === undefined) return commitNow.call(this);
    turnCommits++;
    const t0 = performance.now();
    try {
      commitNow.call(this);
    } finally {
      turnCommitMs += performance.now() - t0;
    }
  };
}

/**
 * A SQLite file in a fresh directory. Without group commit each outermost `write` is one
 * transaction, one commit; with it (as the kernel opens the journal) the writes of a turn share one.
 */
export function sqliteJournal(
  sync: 'FULL' | 'NORMAL' = 'FULL',
  groupCommit = true,
): (clock: Clock) => Promise<JournalUnderTest> {
  if (groupCommit) countTurnCommits();
  return async (clock) => {
    const path = join(mkdtempSync(join(tmpdir(), 'pf-bench-')), 'journal.sqlite');
    const { journal } = openJournal({ path, clock, synchronous: sync, groupCommit });
    const remove = async () => {
      journal.close();
      rmSync(dirname(path), { recursive: true, force: true });
    };
    if (groupCommit) {
      const c0 = turnCommits;
      const ms0 = turnCommitMs;
      return {
        journal,
        commits: () => turnCommits - c0,
        commitMs: () => turnCommitMs - ms0,
        close: remove,
      };
    }
    let commits = 0;
    let commitMs = 0;
    let depth = 0;
    const write = journal.write.bind(journal);
    journal.write = <T>(what: string, fn: () => T): T => {
      if (depth > 0) return write(what, fn);
      commits++;
      depth++;
      const t0 = performance.now();
      try {
        return write(what, fn);
      } finally {
        depth--;
        commitMs += performance.now() - t0;
      }
    };
    return { journal, commits: () => commits, commitMs: () => commitMs, close: remove };
  };
}

let pgCommits = 0;
let pgCommitMs = 0;
let counting = false;

/**
 * Counts and times the PostgreSQL journal's group commits: each is one `SELECT perpflow_commit(…)`
 * on the journal's own pool, which it keeps private, so the count is taken where every pool sends.
 */
function countPgCommits(): void {
  if (counting) return;
  counting = true;
  const query = pg.Pool.prototype.query as (...a: unknown[]) => unknown;
  pg.Pool.prototype.query = function (this: pg.Pool, ...a: unknown[]) {
    if (typeof a[0] !== 'string' || !a[0].startsWith('SELECT perpflow_commit')) return query.apply(this, a);
    pgCommits++;
    const t0 = performance.now();
    const done = (): void => {
      pgCommitMs += performance.now() - t0;
    };
    const p = query.apply(this, a) as Promise<unknown>;
    p.then(done, done);
    return p;
  } as typeof pg.Pool.prototype.query;
}

/** The PostgreSQL journal on a fresh schema at the URL `fresh` gives; its lease is released on close. */
export function postgresJournal(fresh: () => Promise<string>): (clock: Clock) => Promise<JournalUnderTest> {
  countPgCommits();
  return async (clock) => {
    const journal = await openPostgresJournal({ url: await fresh(), clock, scope: 'bench' });
    return {
      journal,
      commits: () => pgCommits,
      commitMs: () => pgCommitMs,
      close: async () => {
        journal.close();
        await journal.pendingCommit();
      },
    };
  };
}
