import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dec } from '../../src/domain/money.ts';
import { openReadOnlyJournal } from '../../src/journal/readOnlyJournal.ts';
import { replaySession } from '../../src/replay/replaySession.ts';
import { loadConfigWithStrategies } from '../../src/strategy/loadConfigWithStrategies.ts';
import { RecordedSession, sessionConfig } from './support/recordedSession.ts';

/**
 * A session of two processes against one venue (the simulator outlives the first, as a real venue
 * does), replayed with nth every 4th bar: the position the new strategy opened in the first
 * process is still the replay simulator's in the second, under its id, and no id is issued twice.
 */
describe('replay --strategies over a restart: the simulator outlives the process, as the venue does', async () => {
  const s = new RecordedSession({}, 6);
  const t0 = s.clock.now();
  await s.run(t0 + 55_000);
  await s.run(t0 + 150_000);
  const changed = join(s.dir, 'changed.yaml');
  writeFileSync(changed, sessionConfig(s.dir, 4));
  const entries = (await loadConfigWithStrategies(changed)).config.strategies;
  const journalDir = mkdtempSync(join(tmpdir(), 'perpflow-replaysim-'));
  const outcome = await replaySession(s.recording, {
    strategies: { entries, configFile: changed },
    journalDir,
  });
  const journal = openReadOnlyJournal(join(journalDir, 'journal.sqlite'));
  const fills = journal.fills();
  journal.close();

  it('keeps the first process’s simulator position open in the second, and issues no id twice', () => {
    expect(outcome.segments.length).toBe(2);
    const first = outcome.segments[0]?.to ?? 0;
    // nth's open on bar 4; its close was to come on bar 8, in the first process, which ended first.
    const opened = fills.filter(
      (f) => f.effect === 'open' && f.symbol === 'BTCUSDT' && f.quoteId?.startsWith('sim-') && f.ts <= first,
    );
    expect(opened.map((f) => f.quantity.toString())).toEqual(['0.002']);
    for (const o of opened) {
      const held = fills
        .filter((f) => f.quoteId === o.quoteId)
        .reduce((q, f) => (f.effect === 'open' ? q.plus(f.quantity) : q.minus(f.quantity)), dec(0));
      // Still held: the second process's reconciliation found it at the venue (the simulator).
      expect(held.toString(), `${o.quoteId}`).toBe(o.quantity.toString());
    }
    const opens = fills.filter((f) => f.effect === 'open').map((f) => f.quoteId);
    expect(new Set(opens).size).toBe(opens.length);
    expect(fills.filter((f) => f.fillId.startsWith('ext:')).map((f) => f.fillId)).toEqual([]);
    // The second process's new requests were the simulator's too.
    expect(outcome.segments[1]?.notes.some((n) => n.what.startsWith('simulator took'))).toBe(true);
  });
});
