import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatOutcome } from '../../src/replay/formatOutcome.ts';
import { replaySession } from '../../src/replay/replaySession.ts';
import { RecordedSession } from './support/recordedSession.ts';

describe('a recording that does not begin with its journal', () => {
  it('says so: the journal held requests the replay never saw', async () => {
    const s = new RecordedSession({}, 2);
    const t0 = s.clock.now();
    await s.run(t0 + 60_000);
    rmSync(s.recording); // the first process's recording is gone; its journal is not
    await s.run(t0 + 120_000);
    const o = await replaySession(s.recording);
    const [run] = o.segments;
    expect(run?.journalAtStart.replayed).toBe(0);
    expect(run?.journalAtStart.recorded).toBeGreaterThan(0);
    expect(formatOutcome(o, 1)).toContain(
      `the journal held ${run?.journalAtStart.recorded} requests when this run started, the replay's 0`,
    );
  });

  it('says nothing when it does', async () => {
    const s = new RecordedSession({}, 2);
    const t0 = s.clock.now();
    await s.run(t0 + 60_000);
    await s.run(t0 + 120_000);
    const o = await replaySession(s.recording);
    expect(o.segments.map((g) => g.journalAtStart.recorded === g.journalAtStart.replayed)).toEqual([
      true,
      true,
    ]);
    expect(formatOutcome(o, 1)).not.toContain('the journal held');
  });
});
