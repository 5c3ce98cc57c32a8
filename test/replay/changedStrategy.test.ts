import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../src/domain/money.ts';
import { readRecording } from '../../src/kernel/record/readRecording.ts';
import type { RecordLine } from '../../src/kernel/record/recordLines.ts';
import { perpflowOutput } from '../run/runHarness.ts';
import { RecordedSession, sessionConfig } from './support/recordedSession.ts';

const BAR_MS = 10_000;
const iso = (t: number) => new Date(t).toISOString();

describe('replaying a session with changed strategies, or up to a moment', async () => {
  // The fixture opens or closes on every 6th bar; the changed one on every 4th.
  const s = new RecordedSession({}, 6);
  const t0 = s.clock.now();
  await s.run(t0 + 3 * 60_000);
  const lines: RecordLine[] = readRecording(s.recording).flatMap((g) => g.lines);
  const changed = join(s.dir, 'changed.yaml');
  writeFileSync(changed, sessionConfig(s.dir, 4));

  it('shows the first divergence at the changed strategy’s first different bar, and which requests were filled by model', async () => {
    const nth = lines.filter((l) => l.k === 'i' && l.x.strategyId === 'nth');
    expect(nth.length).toBeGreaterThan(2);
    // Bar 6 decided in the recording; the changed strategy decides on bar 4, two bars earlier.
    const bar4 = (nth[0]?.t ?? 0) - 2 * BAR_MS;
    const r = await perpflowOutput(['replay', s.recording, '--strategies', changed]);
    expect(r.stdout).toContain(`first divergence at ${iso(bar4)} (intent)`);
    expect(r.stdout).toMatch(/replayed: .*"strategyId":"nth".*"kind":"open"/);
    expect(r.stdout).toMatch(/request\(s\) the recorded venue never saw, answered by the venue simulator/);
    expect(r.code).toBe(1);
  });

  it('--until prints the positions the recorded fills add up to at that moment', async () => {
    const until = t0 + 2 * 60_000 + 500;
    const held = new Map<string, Decimal>();
    for (const l of lines) {
      if (l.k !== 'f' || l.t > until) continue;
      const key = `${l.x.symbol}:${l.x.side}`;
      const q = l.x.effect === 'open' ? l.x.quantity : l.x.quantity.neg();
      held.set(key, (held.get(key) ?? new Decimal(0)).plus(q));
    }
    const expected = [...held].filter(([, q]) => !q.isZero()).map(([k, q]) => `${k} ${q.toString()}`);
    expect(expected.length).toBeGreaterThan(0);
    const r = await perpflowOutput(['replay', s.recording, '--until', iso(until)]);
    expect(r.code).toBe(0);
    const shown = /positions: (.*)/.exec(r.stdout)?.[1]?.split(', ') ?? [];
    expect(shown.sort()).toEqual(expected.sort());
  });
});
