import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../clock/VirtualClock.ts';
import { JournalError } from '../errors/JournalError.ts';
import { INTENT_ID_SCHEME, intentIdSchemeOf } from './intentIdSchemeOf.ts';
import { MemoryJournal } from './MemoryJournal.ts';
import { sampleOpenRecord } from './testRecord.ts';

const journal = () => new MemoryJournal(new VirtualClock(0));

describe('intentIdSchemeOf', () => {
  it('gives a new journal hash96 and latches it: a request later does not change it', () => {
    const j = journal();
    expect(intentIdSchemeOf(j)).toBe('hash96');
    expect(j.getMeta(INTENT_ID_SCHEME)).toBe('hash96');
    j.insertRequests([sampleOpenRecord(1)]);
    expect(intentIdSchemeOf(j)).toBe('hash96');
  });

  it('gives a journal with requests and no scheme sha256, the ids it was written with, and latches it', () => {
    const j = journal();
    j.insertRequests([sampleOpenRecord(1)]);
    expect(intentIdSchemeOf(j)).toBe('sha256');
    expect(j.getMeta(INTENT_ID_SCHEME)).toBe('sha256');
  });

  it('refuses a scheme it does not know, naming the journal and the scheme', () => {
    const j = journal();
    j.setMeta(INTENT_ID_SCHEME, 'blake3');
    expect(() => intentIdSchemeOf(j)).toThrow(JournalError);
    expect(() => intentIdSchemeOf(j)).toThrow(
      `journal ${j.path} names intent id scheme "blake3", which this perpflow does not know: a newer version wrote it; run that version or newer`,
    );
  });
});
