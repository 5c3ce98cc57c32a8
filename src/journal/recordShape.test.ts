import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../clock/VirtualClock.ts';
import { QuoteId, TempId } from '../domain/ids.ts';
import { MemoryJournal } from './MemoryJournal.ts';
import { sampleOpenRecord } from './testRecord.ts';

describe('record shape', () => {
  it('every record a journal hands out has the same fields in the same order, whatever was set', () => {
    const journal = new MemoryJournal(new VirtualClock(0));
    const created = sampleOpenRecord(1);
    journal.insertRequests([created]);
    const keys = Object.keys(created);
    const sent = journal.transition(created.clientRequestId, 'SUBMITTING', { submittedAt: 1 });
    const accepted = journal.transition(created.clientRequestId, 'ACCEPTED', { tempId: TempId('t1') });
    const filled = journal.transition(created.clientRequestId, 'FILLED', {
      venueStatus: 'OPENED',
      quoteId: QuoteId('q1'),
    });
    const updated = journal.update(created.clientRequestId, { reason: 'note' });
    for (const r of [sent, accepted, filled, updated]) expect(Object.keys(r)).toEqual(keys);
    expect(keys).toHaveLength(20);
  });
});
