import { describe, expect, it } from 'vitest';
import { onHaltSignal } from '../../src/execution/killSwitch.ts';
import type { Kernel } from '../../src/kernel/Kernel.ts';
import { readRecording } from '../../src/kernel/record/readRecording.ts';
import { replaySession } from '../../src/replay/replaySession.ts';
import { RecordedSession } from './support/recordedSession.ts';

const ALICE = { via: 'console', name: 'alice', from: '127.0.0.1' } as const;

/**
 * What an operator did is an input like a venue answer: a pause from the console in minute 1, a
 * close of a market in minute 2, SIGUSR2 (`perpflow halt`) in minute 3 are recorded and applied
 * again at their moments, so the replay decides as the bot did around them.
 */
describe('operator actions and signals in a recorded session', () => {
  it('are recorded and replayed at their moments: every decision identical', async () => {
    const s = new RecordedSession({}, 2);
    const t0 = s.clock.now();
    const at = (ms: number, f: () => void) => s.clock.setTimeout(f, t0 + ms - s.clock.now());
    const operate = (k: Kernel) => {
      at(60_000, () => void k.operator.act({ kind: 'pause', actionId: 'p1', strategy: 'dca' }, ALICE));
      at(120_000, () => void k.operator.act({ kind: 'close', actionId: 'c1', market: 'BTCUSDT' }, ALICE));
      at(180_000, () => {
        void onHaltSignal(k.executor);
        k.operator.noteSignal('halt', `trading ${k.executor.gate.state}`);
      });
    };
    expect(await s.run(t0 + 4 * 60_000, undefined, operate)).toBe('stopped');
    const kinds = readRecording(s.recording)
      .flatMap((g) => g.lines)
      .flatMap((l) => (l.k === 'a' ? [l.x.kind] : l.k === 'g' ? [`signal:${l.n}`] : []));
    expect(kinds).toEqual(['pause', 'close', 'signal:halt']);
    const o = await replaySession(s.recording);
    expect(o.segments.map((g) => g.divergence ?? g.startError ?? 'identical')).toEqual(['identical']);
  });
});
