import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../clock/VirtualClock.ts';
import { ClientRequestId } from '../domain/ids.ts';
import { JournalError } from '../errors/JournalError.ts';
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
});
