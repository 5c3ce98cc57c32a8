import { describe, expect, it } from 'vitest';
import { monotonicStopwatch } from '../../src/clock/Stopwatch.ts';
import { replaySession } from '../../src/replay/replaySession.ts';
import { RecordedSession } from './support/recordedSession.ts';

/**
 * A replay runs on a virtual clock, as a backtest: what it decides must not depend on how fast
 * the machine replaying is. A live process drops the intents of a strategy hook that took more
 * than its real-time budget (50 ms); a replay that did the same would diverge from its recording
 * whenever it ran on a loaded machine or met a long garbage collection (it did, in the bench).
 */
describe('a replay on a slow machine', () => {
  it('decides as recorded even when every strategy hook seems to take 100 ms of real time', async () => {
    const s = new RecordedSession({}, 2);
    const t0 = s.clock.now();
    expect(await s.run(t0 + 2 * 60_000)).toBe('stopped');
    const elapsedMs = monotonicStopwatch.elapsedMs;
    let now = 0;
    Reflect.set(monotonicStopwatch, 'elapsedMs', () => {
      now += 100;
      return now;
    });
    try {
      const o = await replaySession(s.recording);
      expect(o.segments.map((g) => g.divergence ?? g.startError ?? 'identical')).toEqual(['identical']);
      expect(o.segments[0]?.counts.intents).toBeGreaterThan(0);
    } finally {
      Reflect.set(monotonicStopwatch, 'elapsedMs', elapsedMs);
    }
  });
});
