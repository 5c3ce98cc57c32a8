import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CRASH_POINTS } from '../../src/execution/crash.ts';
import { openReadOnlyJournal } from '../../src/journal/readOnlyJournal.ts';
import { replaySession } from '../../src/replay/replaySession.ts';
import { RecordedSession } from './support/recordedSession.ts';

/** What a journal holds: every request's status and venue id, every fill. */
function stateOf(path: string) {
  const j = openReadOnlyJournal(path);
  try {
    return {
      requests: j
        .requests()
        .map((r) => `${r.id} ${r.status} ${r.tempId ?? '-'}`)
        .sort(),
      fills: j
        .fills()
        .map((f) => `${f.fillId} ${f.quantity} ${f.price}`)
        .sort(),
    };
  } finally {
    j.close();
  }
}

/**
 * Every labelled crash point (execution/crash.ts, the chaos suite's): the recording a process
 * killed there leaves replays to the journal it left, request by request and fill by fill; and
 * with the restart that follows, the whole session replays with no divergence.
 */
describe('a process killed at a crash point leaves a recording that replays to its journal', () => {
  for (const point of CRASH_POINTS) {
    it(`at ${point}`, async () => {
      const s = new RecordedSession({}, 2);
      const t0 = s.clock.now();
      expect(await s.run(t0 + 2 * 60_000, { after: t0 + 30_000, point })).toBe('crashed');
      const replayed = mkdtempSync(join(tmpdir(), 'perpflow-replayed-'));
      const atCrash = await replaySession(s.recording, { journalDir: replayed });
      expect(atCrash.segments.map((g) => g.divergence ?? 'identical')).toEqual(['identical']);
      expect(stateOf(join(replayed, 'journal.sqlite'))).toEqual(stateOf(s.journal));

      expect(await s.run(t0 + 3 * 60_000)).toBe('stopped');
      const whole = await replaySession(s.recording);
      expect(whole.segments.map((g) => g.divergence ?? g.startError ?? 'identical')).toEqual([
        'identical',
        'identical',
      ]);
    });
  }
});
