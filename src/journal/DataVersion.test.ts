import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../clock/VirtualClock.ts';
import { openJournal } from './openJournal.ts';

/** The end of the current turn: every tick and microtask queued so far has run. */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A journal file and what `perpflow halt` does to it: its own connection, its own commit. */
function journalAndOther(groupCommit = true) {
  const path = join(mkdtempSync(join(tmpdir(), 'pf-version-')), 'j.sqlite');
  const { journal } = openJournal({ path, clock: new VirtualClock(), groupCommit });
  const otherCommits = (value: string): void => {
    const other = new DatabaseSync(path);
    other.exec('PRAGMA busy_timeout=2000');
    other.prepare("INSERT OR REPLACE INTO meta(key,value) VALUES ('tradingState',?)").run(value);
    other.close();
  };
  return { journal, otherCommits };
}

describe("the journal's data version", () => {
  it('reads once per turn, and moves at the next turn after another connection committed', async () => {
    const { journal, otherCommits } = journalAndOther();
    const before = journal.dataVersion();
    otherCommits('halted');
    const sameTurn = journal.dataVersion();
    await nextTurn();
    expect([sameTurn === before, journal.dataVersion() === before]).toEqual([true, false]);
    journal.close();
  });

  it.each([
    ['with group commit', true],
    ['a commit per write', false],
  ])(
    "reads again after this connection begins a transaction (%s), which may have waited for the other's commit",
    (_how, groupCommit) => {
      const { journal, otherCommits } = journalAndOther(groupCommit);
      const before = journal.dataVersion();
      otherCommits('halted');
      journal.setMeta('equityPeak', '100');
      expect(journal.dataVersion()).not.toBe(before);
      journal.close();
    },
  );
});
