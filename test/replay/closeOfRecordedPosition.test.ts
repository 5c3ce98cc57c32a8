import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openReadOnlyJournal } from '../../src/journal/readOnlyJournal.ts';
import { replaySession } from '../../src/replay/replaySession.ts';
import { loadConfigWithStrategies } from '../../src/strategy/loadConfigWithStrategies.ts';
import { NTH, RecordedSession, sessionConfig } from './support/recordedSession.ts';

const FIXTURE = join(import.meta.dirname, 'fixtures/openThenCloseFirst.ts');
const config = (dir: string, params: string) =>
  sessionConfig(dir, 2)
    .replace(NTH, FIXTURE)
    .replace('every: 2, quantity: 0.002 }', `${params}, quantity: 0.002 }`);

/**
 * `replay --strategies`: the recorded strategy opened a position on bar 3 and held it; the changed
 * one opens the same (answered from the recording: the recorded venue's position), three more on
 * bars 4–6 (the simulator's), and closes the first on bar 8, which the recorded venue was never
 * asked. The simulator numbers its positions as the recorded venue did (1001, 1002…): the close
 * must not reach it, or it closes its own position of the recorded one's number instead.
 */
/** The session recorded with the first held, replayed with `changed` (the fixture's params). */
async function replayed(changed: string) {
  const s = new RecordedSession({}, 2);
  writeFileSync(s.configFile, config(s.dir, 'at: 3, more: [], closeAt: 0'));
  const t0 = s.clock.now();
  await s.run(t0 + 2 * 60_000);
  const file = join(s.dir, 'changed.yaml');
  writeFileSync(file, config(s.dir, changed));
  const entries = (await loadConfigWithStrategies(file)).config.strategies;
  const journalDir = mkdtempSync(join(tmpdir(), 'perpflow-replayclose-'));
  const outcome = await replaySession(s.recording, { strategies: { entries, configFile: file }, journalDir });
  const journal = openReadOnlyJournal(join(journalDir, 'journal.sqlite'));
  const fills = journal.fills().filter((f) => f.symbol === 'BTCUSDT');
  const closes = journal.requests().filter((r) => r.kind === 'close' && r.symbol === 'BTCUSDT');
  journal.close();
  const notes = outcome.segments[0]?.notes.map((n) => n.what) ?? [];
  const recordedOpen = fills.find((f) => f.effect === 'open' && !f.quoteId?.startsWith('sim-'));
  const refused = `close of ${recordedOpen?.quoteId} refused: only the recorded venue held it, not the simulator answering new requests`;
  return { fills, closes, notes, recordedOpen, refused };
}

describe('replay --strategies: a new close of a position only the recorded venue held', () => {
  it('is refused, and closes none of the simulator’s positions in its place', async () => {
    const r = await replayed('at: 3, more: [4, 5, 6], closeAt: 8');
    expect(r.recordedOpen?.quoteId).toBeDefined();
    // Bar 3's open (the recorded venue's), bars 4–6 (the simulator's): all still held, none closed.
    expect(r.fills.map((f) => f.effect)).toEqual(['open', 'open', 'open', 'open']);
    expect(r.closes.map((c) => c.status)).toEqual(['REJECTED']);
    expect(r.notes.filter((n) => n.startsWith('simulator took close'))).toEqual([]);
    expect(r.notes).toContain(r.refused);
  });

  it('in one batch with a close of the simulator’s own position: that one closed, the recorded one refused', async () => {
    const r = await replayed('at: 3, more: [4, 5, 6], closeAt: 8, closeLast: true');
    const lastOpen = r.fills.filter((f) => f.effect === 'open').at(-1);
    expect(lastOpen?.quoteId).toMatch(/^sim-/);
    const closed = r.fills.filter((f) => f.effect === 'close').map((f) => f.quoteId);
    expect(closed).toEqual([lastOpen?.quoteId]);
    expect(r.closes.map((c) => c.status).sort()).toEqual(['FILLED', 'REJECTED']);
    expect(r.notes).toContain(r.refused);
  });
});
