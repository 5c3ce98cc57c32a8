import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRecording } from '../../src/kernel/record/readRecording.ts';
import { replaySession } from '../../src/replay/replaySession.ts';
import { NTH, RecordedSession, sessionConfig } from './support/recordedSession.ts';

const SLOW = join(import.meta.dirname, 'fixtures/slowBars.ts');

/**
 * A live process drops the intents of a strategy hook that took longer than its real-time budget
 * (a loaded host, a GC pause) and pauses the strategy after three such calls in a row; its replay
 * runs untimed. The calls that went over are inputs of the session: recorded, and failed again by
 * the replay, which must then decide exactly as the process did.
 */
describe('a hook over its time budget, recorded and replayed', async () => {
  // Opens on bar 2; bars 4 (its close), 5 and 6 take 300 ms of real time against a 100 ms budget:
  // the close is dropped and the third failure in a row pauses the strategy.
  const s = new RecordedSession({}, 2);
  s.hookBudgetMs = 100;
  const config = sessionConfig(s.dir, 2)
    .replace(NTH, SLOW)
    .replace('quantity: 0.002 }', 'quantity: 0.002, slow: [4, 5, 6], slowMs: 300 }');
  writeFileSync(s.configFile, config);
  const t0 = s.clock.now();
  expect(await s.run(t0 + 2 * 60_000)).toBe('stopped');
  const segments = readRecording(s.recording);
  const lines = segments.flatMap((g) => g.lines);
  const over = lines.filter((l) => l.k === 'b' && l.id === 'nth');

  it('records each call over budget: the strategy, the hook, which of its calls, how long it took', () => {
    expect(over.map((l) => (l.k === 'b' ? [l.h, l.n, l.d >= 300, l.b] : []))).toEqual([
      ['onBar', 3, true, 100],
      ['onBar', 4, true, 100],
      ['onBar', 5, true, 100],
    ]);
    // The paused strategy decided nothing after its open on bar 2.
    expect(lines.filter((l) => l.k === 'i' && l.x.strategyId === 'nth')).toHaveLength(1);
  });

  it('replays with those calls failed again: 0 divergences', async () => {
    const o = await replaySession(s.recording);
    expect(o.segments.map((g) => g.divergence ?? g.startError ?? 'identical')).toEqual(['identical']);
    expect(o.segments[0]?.counts.intents).toBeGreaterThan(1);
  });

  it('without its over-budget lines, the replay takes the dropped close: a divergence at that bar', async () => {
    const without = segments.map((g) => ({ ...g, lines: g.lines.filter((l) => l.k !== 'b') }));
    const o = await replaySession(without);
    const d = o.segments[0]?.divergence;
    expect(d?.stream).toBe('intent');
    expect(d?.t).toBe(over[0]?.t);
    expect(d?.replayed).toMatch(/"strategyId":"nth".*"kind":"close"/);
  });
});
