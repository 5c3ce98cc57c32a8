import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../clock/VirtualClock.ts';
import { openJournal } from '../journal/openJournal.ts';
import { cachedLatches, type MetaTable } from './latchStore.ts';

/** The end of the current turn: every tick and microtask queued so far has run. */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A meta table that counts its reads; `commit` is another process writing (data_version moves). */
function countingMeta() {
  const rows = new Map<string, string>();
  let version = 1;
  const m = {
    reads: 0,
    versionFails: false,
    writeFailure: undefined as unknown,
    getMeta(key: string) {
      // A closed SQLite journal throws on every statement.
      if (m.versionFails) throw new Error('journal closed');
      m.reads++;
      return rows.get(key);
    },
    setMeta: (key: string, value: string) => void rows.set(key, value),
    deleteMeta: (key: string) => void rows.delete(key),
    dataVersion() {
      if (m.versionFails) throw new Error('journal closed');
      return version;
    },
    commit(key: string, value: string) {
      rows.set(key, value);
      version++;
    },
    rows,
  };
  return m satisfies MetaTable;
}

describe('cachedLatches', () => {
  it('reads a key from the table once while no other process commits', () => {
    const meta = countingMeta();
    const latches = cachedLatches(meta);
    expect([latches.get('tradingState'), latches.get('tradingState')]).toEqual([undefined, undefined]);
    latches.set('tradingState', 'halted');
    expect(latches.get('tradingState')).toBe('halted');
    expect(meta.reads).toBe(1);
  });

  it("sees another process's write (perpflow halt) at the next read", () => {
    const meta = countingMeta();
    const latches = cachedLatches(meta);
    expect(latches.get('tradingState')).toBeUndefined();
    meta.commit('tradingState', 'halted');
    expect(latches.get('tradingState')).toBe('halted');
  });

  it('sees a halt another connection commits to the journal file before the next turn reads', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'pf-latch-')), 'j.sqlite');
    const { journal } = openJournal({ path, clock: new VirtualClock(), groupCommit: true });
    const latches = cachedLatches(journal);
    expect(latches.get('tradingState')).toBeUndefined();
    // What `perpflow halt` does, in the middle of a turn that already read: its own connection, its own commit.
    const other = new DatabaseSync(path);
    other.exec('PRAGMA busy_timeout=2000');
    other.prepare("INSERT INTO meta(key,value) VALUES ('tradingState','halted')").run();
    other.close();
    await nextTurn();
    expect(latches.get('tradingState')).toBe('halted');
    journal.close();
  });

  it('deletes a latch in the table and in the cache', () => {
    const meta = countingMeta();
    const latches = cachedLatches(meta);
    latches.set('capabilityHalt:open', '403');
    latches.delete('capabilityHalt:open');
    expect([latches.get('capabilityHalt:open'), meta.rows.has('capabilityHalt:open')]).toEqual([
      undefined,
      false,
    ]);
  });

  it("keeps answering from the cache once the journal is closed, and reports the table's write failure", () => {
    const meta = countingMeta();
    const latches = cachedLatches(meta);
    latches.set('tradingState', 'halted');
    meta.versionFails = true;
    expect(latches.get('tradingState')).toBe('halted');
    const failure = new Error('disk full');
    meta.writeFailure = failure;
    expect(latches.writeFailure).toBe(failure);
  });
});
