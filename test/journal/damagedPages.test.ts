import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { dec } from '../../src/domain/money.ts';
import { CorruptJournalError, openJournal } from '../../src/journal/openJournal.ts';
import {
  closeIntent,
  openIntent,
  settle,
  setupVenue,
  startExecutor,
  tempJournalPath,
} from '../execution/harness.ts';

/** The root page of `table` in a SQLite file (read before it is damaged). */
function rootPage(path: string, table: string): number {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    const row = db.prepare('SELECT rootpage FROM sqlite_master WHERE name = ?').get(table);
    const page = Number(row?.rootpage);
    if (!(page > 1)) throw new Error(`no root page for ${table}`);
    return page;
  } finally {
    db.close();
  }
}

describe('a journal whose data pages are damaged and whose header is intact', () => {
  it('is refused at open (not traded on), and left in place', async () => {
    // A journal as a bot leaves it: 20 round trips, then an orderly stop.
    const v = await setupVenue();
    const path = tempJournalPath();
    const { executor } = await startExecutor(v, { path });
    for (let i = 0; i < 20; i++) {
      const open = openIntent(`dp${i}`, { quantity: dec('0.001'), allowStacking: true });
      await executor.submit(open);
      await settle(v, executor);
      await executor.submit(closeIntent(`dp${i}-close`, open));
      await settle(v, executor);
    }
    await executor.stop();
    // A page of the transitions table overwritten (a bad sector, a torn write): page 1, the
    // header and schema, stays intact, so the file still opens and reads as a database.
    const file = readFileSync(path);
    const pageSize = file.readUInt16BE(16);
    const page = rootPage(path, 'transitions');
    const fd = openSync(path, 'r+');
    writeSync(fd, Buffer.alloc(pageSize, 0x5a), 0, pageSize, (page - 1) * pageSize);
    closeSync(fd);
    expect(readFileSync(path).subarray(0, 100)).toEqual(file.subarray(0, 100));
    expect(() => openJournal({ path, clock: v.clock })).toThrow(CorruptJournalError);
    expect(readFileSync(path).length).toBe(file.length);
  });
});
