import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../clock/VirtualClock.ts';
import { ClientRequestId } from '../domain/ids.ts';
import { JournalError, JournalLeaseHeldError } from '../errors/JournalError.ts';
import type { Journal } from './Journal.ts';
import { openJournal } from './openJournal.ts';
import { sampleOpenRecord } from './testRecord.ts';

const tmpPath = (): string => join(mkdtempSync(join(tmpdir(), 'pf-turn-')), 'j.sqlite');

/** What another process reading the file sees: only what was committed. */
function onDisk(path: string): string[] {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return db
      .prepare('SELECT client_request_id AS id, status FROM requests ORDER BY client_request_id')
      .all()
      .map((r) => `${r.id}:${r.status}`);
  } finally {
    db.close();
  }
}

const turnEnd = () => new Promise((r) => setImmediate(r));

describe('Journal with groupCommit (TurnCommit)', () => {
  it("commits a turn's writes together at the turn's end, and pendingCommit resolves then", async () => {
    const path = tmpPath();
    const { journal } = openJournal({ path, clock: new VirtualClock(), groupCommit: true });
    expect(journal.pendingCommit()).toBeUndefined();
    journal.insertRequests([sampleOpenRecord(1, 0)]);
    journal.transition(ClientRequestId('cr_1'), 'SUBMITTING');
    const pending = journal.pendingCommit();
    expect(pending).toBeInstanceOf(Promise);
    expect(onDisk(path)).toEqual([]);
    await pending;
    expect(onDisk(path)).toEqual(['cr_1:SUBMITTING']);
    expect(journal.pendingCommit()).toBeUndefined();
    journal.close();
  });

  it('loses the whole open turn in a crash, never a later write without an earlier one', async () => {
    const path = tmpPath();
    const clock = new VirtualClock();
    const { journal } = openJournal({ path, clock, groupCommit: true });
    journal.insertRequests([sampleOpenRecord(1, 0)]);
    await turnEnd();
    journal.transition(ClientRequestId('cr_1'), 'SUBMITTING');
    journal.insertRequests([sampleOpenRecord(2, 0)]);
    const pending = journal.pendingCommit();
    journal.abandon();
    await expect(pending).rejects.toBeInstanceOf(JournalError);
    const again = openJournal({ path, clock }).journal;
    expect(again.all().map((r) => `${r.clientRequestId}:${r.status}`)).toEqual(['cr_1:CREATED']);
    again.close();
  });

  it('undoes a failed write alone, commits the writes before it at once and refuses every later one', () => {
    const path = tmpPath();
    const { journal } = openJournal({ path, clock: new VirtualClock(), groupCommit: true });
    journal.insertRequests([sampleOpenRecord(1, 0)]);
    expect(() => journal.insertRequests([sampleOpenRecord(2, 0), sampleOpenRecord(1, 0)])).toThrow(
      JournalError,
    );
    expect(onDisk(path)).toEqual(['cr_1:CREATED']);
    expect(() => journal.insertRequests([sampleOpenRecord(3, 0)])).toThrow(JournalError);
    journal.close();
  });

  it('commits a latched state and a lease at once: another process reads them without waiting for the turn', () => {
    const path = tmpPath();
    const { journal } = openJournal({ path, clock: new VirtualClock(), groupCommit: true });
    journal.insertRequests([sampleOpenRecord(1, 0)]);
    journal.setMeta('tradingState', 'halted');
    expect(journal.pendingCommit()).toBeUndefined();
    const db = new DatabaseSync(path, { readOnly: true });
    expect(db.prepare("SELECT value FROM meta WHERE key='tradingState'").get()?.value).toBe('halted');
    db.close();
    expect(onDisk(path)).toEqual(['cr_1:CREATED']);
    journal.close();
  });

  it("joins a meta change inside an outer write to that write's transaction", async () => {
    const path = tmpPath();
    const { journal } = openJournal({ path, clock: new VirtualClock(), groupCommit: true });
    journal.write('two values', () => {
      journal.setMeta('a', '1');
      journal.setMeta('b', '2');
    });
    await journal.pendingCommit();
    expect([journal.getMeta('a'), journal.getMeta('b'), journal.writeFailure]).toEqual(['1', '2', undefined]);
    journal.close();
  });

  it('commits the open turn on an orderly close', () => {
    const path = tmpPath();
    const { journal } = openJournal({ path, clock: new VirtualClock(), groupCommit: true });
    journal.insertRequests([sampleOpenRecord(1, 0)]);
    journal.close();
    expect(onDisk(path)).toEqual(['cr_1:CREATED']);
  });

  it('tells every caller of pendingCommit() during a turn of its one commit', async () => {
    const path = tmpPath();
    const { journal } = openJournal({ path, clock: new VirtualClock(), groupCommit: true });
    journal.insertRequests([sampleOpenRecord(1, 0)]);
    const settled: string[] = [];
    void journal.pendingCommit()?.then(() => settled.push('first'));
    journal.transition(ClientRequestId('cr_1'), 'SUBMITTING');
    void journal.pendingCommit()?.then(() => settled.push('second'));
    await turnEnd();
    expect(settled).toEqual(['first', 'second']);
    expect(onDisk(path)).toEqual(['cr_1:SUBMITTING']);
    journal.close();
  });

  it('rejects the commit an abandoned journal was waiting for as abandoned, and latches no write failure', async () => {
    const path = tmpPath();
    const { journal } = openJournal({ path, clock: new VirtualClock(), groupCommit: true });
    journal.insertRequests([sampleOpenRecord(1, 0)]);
    const pending = journal.pendingCommit();
    journal.abandon();
    await expect(pending).rejects.toThrow(`journal ${path} was abandoned before its commit`);
    expect(journal.pendingCommit()).toBeUndefined();
    await turnEnd();
    expect(journal.writeFailure).toBeUndefined();
    expect(onDisk(path)).toEqual([]);
  });

  it('releases the lease on an orderly close when every write is already committed', () => {
    const path = tmpPath();
    const { journal } = openJournal({ path, clock: new VirtualClock(), groupCommit: true });
    journal.acquireLease('sim:42161:0xabc');
    journal.close();
    const db = new DatabaseSync(path, { readOnly: true });
    expect(db.prepare('SELECT scope FROM lease').all()).toEqual([]);
    db.close();
  });

  it('keeps a standby refused the lease writable: it takes the lease once the holder is gone', () => {
    const path = tmpPath();
    const clock = new VirtualClock();
    const holder = openJournal({ path, clock, groupCommit: true }).journal;
    holder.acquireLease('sim:42161:0xabc');
    const standby = openJournal({ path, clock, groupCommit: true }).journal;
    expect(() => standby.acquireLease('sim:42161:0xabc')).toThrow(JournalLeaseHeldError);
    expect(standby.writeFailure).toBeUndefined();
    holder.abandon();
    standby.acquireLease('sim:42161:0xabc');
    expect(standby.leaseHeld).toBe('sim:42161:0xabc');
    standby.close();
  });
});

/**
 * A COMMIT SQLite refuses: a deferred foreign key (of a temporary table, outside the journal's
 * schema) is checked only at the commit, which fails and leaves the transaction open — as a
 * commit that cannot write its pages does.
 */
function refuseTheCommit(journal: Journal): void {
  journal.database.exec(`PRAGMA foreign_keys=ON;
    CREATE TEMP TABLE parent (id INTEGER PRIMARY KEY);
    CREATE TEMP TABLE child (parent INTEGER REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED);`);
  journal.write('orphan row', () => journal.database.exec('INSERT INTO child VALUES (1)'));
}

describe('a turn whose commit fails', () => {
  it("loses the turn's writes, rejects the pending commit with the latched error, frees the write lock and refuses later writes", async () => {
    const path = tmpPath();
    const { journal } = openJournal({ path, clock: new VirtualClock(), groupCommit: true });
    journal.insertRequests([sampleOpenRecord(1, 0)]);
    refuseTheCommit(journal);
    const pending = journal.pendingCommit();
    await expect(pending).rejects.toThrow(
      /^journal write failed \(commit\): .*FOREIGN KEY constraint failed/,
    );
    await expect(pending).rejects.toBe(journal.writeFailure);
    expect(journal.writeFailure?.details).toEqual({ path, operation: 'commit' });
    expect(onDisk(path)).toEqual([]);
    const other = new DatabaseSync(path);
    other.exec('BEGIN IMMEDIATE; ROLLBACK;');
    other.close();
    expect(() => journal.insertRequests([sampleOpenRecord(2, 0)])).toThrow(
      journal.writeFailure as JournalError,
    );
    journal.close();
  });

  it('latches the failure when nothing waited for the commit: the next write is refused, not committed alone', async () => {
    const path = tmpPath();
    const { journal } = openJournal({ path, clock: new VirtualClock(), groupCommit: true });
    journal.insertRequests([sampleOpenRecord(1, 0)]);
    refuseTheCommit(journal);
    await turnEnd();
    expect(journal.writeFailure?.message).toMatch(
      /^journal write failed \(commit\): .*FOREIGN KEY constraint failed/,
    );
    expect(() => journal.insertRequests([sampleOpenRecord(2, 0)])).toThrow(
      /^journal write failed \(commit\)/,
    );
    await turnEnd();
    expect(onDisk(path)).toEqual([]);
    journal.close();
  });
});
