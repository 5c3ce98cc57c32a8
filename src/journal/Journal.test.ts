import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../clock/VirtualClock.ts';
import { ClientRequestId, FillId, MarketSymbol, TempId } from '../domain/ids.ts';
import { dec } from '../domain/money.ts';
import { IllegalTransitionError } from '../domain/requestStatus.ts';
import { JournalError } from '../errors/JournalError.ts';
import { openJournal } from './openJournal.ts';
import { openReadOnlyJournal } from './readOnlyJournal.ts';
import { SCHEMA_VERSION } from './schema.ts';
import { sampleOpenRecord } from './testRecord.ts';

const tmpPath = (): string => join(mkdtempSync(join(tmpdir(), 'pf-journal-')), 'j.sqlite');

describe('Journal', () => {
  it('keeps requests, their tempId and their transition history across a reopen', () => {
    const path = tmpPath();
    const clock = new VirtualClock();
    const { journal } = openJournal({ path, clock });
    journal.insertRequests([sampleOpenRecord(1, clock.now())]);
    journal.transition(ClientRequestId('cr_1'), 'SUBMITTING');
    journal.transition(ClientRequestId('cr_1'), 'ACCEPTED', { tempId: TempId('t-9') });
    journal.abandon();
    const again = openJournal({ path, clock }).journal;
    const r = again.get(ClientRequestId('cr_1'));
    expect(r?.status).toBe('ACCEPTED');
    expect(r?.tempId).toBe('t-9');
    expect(r?.quantity?.toString()).toBe('0.01');
    expect(again.transitionsOf(ClientRequestId('cr_1')).map((t) => t.to)).toEqual([
      'CREATED',
      'SUBMITTING',
      'ACCEPTED',
    ]);
    again.close();
  });

  it("records its schema version in a new journal, which the operator's read-only open requires", () => {
    const path = tmpPath();
    openJournal({ path, clock: new VirtualClock() }).journal.close();
    const read = openReadOnlyJournal(path);
    expect(read.meta('schemaVersion')).toBe(`${SCHEMA_VERSION}`);
    read.close();
  });

  it('uses WAL mode on a file journal', () => {
    const { journal } = openJournal({ path: tmpPath(), clock: new VirtualClock() });
    expect(
      (journal.database.prepare('PRAGMA journal_mode').get() as { journal_mode: string }).journal_mode,
    ).toBe('wal');
    journal.close();
  });

  it("keeps a savepoint's statement journal in memory, not in a temporary file per write", () => {
    const { journal } = openJournal({ path: tmpPath(), clock: new VirtualClock() });
    expect((journal.database.prepare('PRAGMA temp_store').get() as { temp_store: number }).temp_store).toBe(
      2,
    );
    journal.close();
  });

  it('refuses an illegal transition without writing anything', () => {
    const { journal } = openJournal({ path: ':memory:', clock: new VirtualClock() });
    journal.insertRequests([sampleOpenRecord(1)]);
    expect(() => journal.transition(ClientRequestId('cr_1'), 'FILLED')).toThrow(IllegalTransitionError);
    expect(journal.get(ClientRequestId('cr_1'))?.status).toBe('CREATED');
  });

  it('applies a fill id once and ignores its replay', () => {
    const { journal } = openJournal({ path: ':memory:', clock: new VirtualClock() });
    const fill = {
      fillId: FillId('f1'),
      clientRequestId: null,
      strategyId: null,
      quoteId: null,
      symbol: MarketSymbol('BTCUSDT'),
      side: 'LONG' as const,
      effect: 'open' as const,
      quantity: dec(1),
      price: dec(100),
      fee: dec(0),
      ts: 0,
    };
    expect(journal.recordFill(fill)).toBe(true);
    expect(journal.recordFill(fill)).toBe(false);
    expect(journal.fills()).toHaveLength(1);
  });

  it('fails closed: after one failed write every later write throws the same JournalError', () => {
    const { journal } = openJournal({ path: tmpPath(), clock: new VirtualClock() });
    journal.database.exec('PRAGMA query_only=1');
    expect(() => journal.insertRequests([sampleOpenRecord(1)])).toThrow(JournalError);
    journal.database.exec('PRAGMA query_only=0');
    expect(() => journal.setMeta('x', 'y')).toThrow(/journal write failed/);
    expect(journal.writeFailure).toBeInstanceOf(JournalError);
  });

  it('fails closed after a successful write too: the failed write leaves nothing of itself on disk, and the next one is refused', () => {
    const path = tmpPath();
    const { journal } = openJournal({ path, clock: new VirtualClock() });
    journal.insertRequests([sampleOpenRecord(1)]);
    expect(() => journal.insertRequests([sampleOpenRecord(2), sampleOpenRecord(1)])).toThrow(
      /^journal write failed \(insert requests\)/,
    );
    const onDisk = () =>
      journal.database
        .prepare('SELECT client_request_id AS id FROM requests')
        .all()
        .map((r) => r.id);
    expect(onDisk()).toEqual(['cr_1']);
    expect(() => journal.insertRequests([sampleOpenRecord(3)])).toThrow(
      /^journal write failed \(insert requests\)/,
    );
    expect(onDisk()).toEqual(['cr_1']);
    journal.close();
  });

  it('refuses a write after close, naming the journal and the write', () => {
    const path = tmpPath();
    const { journal } = openJournal({ path, clock: new VirtualClock() });
    journal.close();
    expect(() => journal.insertRequests([sampleOpenRecord(1)])).toThrow(
      new JournalError(`journal ${path} is closed; cannot insert requests`),
    );
  });

  it('refuses a second live instance on the same lease scope and admits one after the holder died', () => {
    const path = tmpPath();
    const clock = new VirtualClock();
    const first = openJournal({ path, clock }).journal;
    first.acquireLease('sim:42161:0xabc');
    const second = openJournal({ path, clock }).journal;
    expect(() => second.acquireLease('sim:42161:0xabc')).toThrow(/holds the journal lease/);
    expect(second.writeFailure).toBeUndefined();
    first.abandon();
    const third = openJournal({ path, clock }).journal;
    expect(() => third.acquireLease('sim:42161:0xabc')).not.toThrow();
    third.close();
    second.close();
  });

  it('refuses a corrupt file by default, naming it, what was wrong and the recovery command, and leaves it in place', () => {
    const path = tmpPath();
    writeFileSync(path, 'this is not a sqlite database, just garbage bytes '.repeat(200));
    expect(() => openJournal({ path, clock: new VirtualClock() })).toThrow(
      `the journal ${path} is corrupt (file is not a database); refusing to start`,
    );
    expect(() => openJournal({ path, clock: new VirtualClock() })).toThrow(
      `perpflow journal recover ${path}`,
    );
    expect(readFileSync(path, 'utf8')).toContain('garbage bytes');
  });

  it('on request, quarantines a corrupt file and starts an empty journal that remembers where the old one went', () => {
    const path = tmpPath();
    writeFileSync(path, 'this is not a sqlite database, just garbage bytes '.repeat(200));
    const opened = openJournal({ path, clock: new VirtualClock(), onCorrupt: 'quarantine' });
    expect(opened.quarantinedTo).toMatch(/\.corrupt-\d+$/);
    expect(opened.journal.all()).toEqual([]);
    expect(opened.journal.getMeta('quarantinedFrom')).toBe(opened.quarantinedTo);
    opened.journal.close();
  });
});
