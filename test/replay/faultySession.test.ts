import { describe, expect, it } from 'vitest';
import { openReadOnlyJournal } from '../../src/journal/readOnlyJournal.ts';
import { readRecording, recordingFiles } from '../../src/kernel/record/readRecording.ts';
import { recordingText } from '../../src/kernel/record/recordingText.ts';
import type { RecordLine } from '../../src/kernel/record/recordLines.ts';
import { replaySession } from '../../src/replay/replaySession.ts';
import { perpflowOutput } from '../run/runHarness.ts';
import { FAULTS, RecordedSession } from './support/recordedSession.ts';

const MINUTE = 60_000;

/**
 * Issue 47's done-when: an 11-minute sim session (virtual time) under time-outs, lost answers of
 * trades that happened, 429 bursts, 503s and solver refusals, killed at a crash point in minute 4
 * and restarted, replays with no divergence: every intent, request transition and fill identical.
 */
describe('a faulty sim session with a crash and a restart, recorded and replayed', async () => {
  const s = new RecordedSession(FAULTS, 3, 4);
  const t0 = s.clock.now();
  const first = await s.run(t0 + 5 * MINUTE, { after: t0 + 4 * MINUTE, point: 'midPoll' });
  const second = await s.run(t0 + 11 * MINUTE);
  const text = recordingFiles(s.recording).map(recordingText).join('\n');
  const lines: RecordLine[] = readRecording(s.recording).flatMap((g) => g.lines);
  const errors = lines.flatMap((l) => ('e' in l && l.e !== undefined ? [l.e] : []));

  it('was killed mid-session, restarted, and met every fault the profile draws', () => {
    expect([first, second]).toEqual(['crashed', 'stopped']);
    expect(errors.some((e) => /no answer within 10000 ms/.test(e.m))).toBe(true);
    expect(errors.some((e) => /HTTP 429/.test(e.m))).toBe(true);
    expect(errors.some((e) => /ECONNRESET/.test(e.m))).toBe(true);
    expect(errors.some((e) => /HTTP 503/.test(e.m))).toBe(true);
    const failed = lines.filter(
      (l) => l.k === 'c' && l.op === 'requestStatus' && JSON.stringify(l.r).includes('"FAILED"'),
    );
    expect(failed.length).toBeGreaterThan(0);
    // FAILED but filled: the positions list showed the fill, reconciliation booked it.
    expect(lines.some((l) => l.k === 'q' && l.to === 'RECONCILED_EXECUTED')).toBe(true);
  });

  it('replays both processes with every intent, request and fill identical', async () => {
    const o = await replaySession(s.recording);
    expect(o.segments.map((g) => g.divergence ?? g.startError ?? 'identical')).toEqual([
      'identical',
      'identical',
    ]);
    expect(o.recordedMs).toBeGreaterThanOrEqual(10 * MINUTE);
    // On a virtual clock the clock readings are identical too: bit for bit.
    expect(o.segments.map((g) => g.skewMs)).toEqual([0, 0]);
    const fills = o.segments.reduce((n, g) => n + g.counts.fills, 0);
    expect(fills).toBe(lines.filter((l) => l.k === 'f').length);
    expect(fills).toBeGreaterThan(20);
  });

  it('holds every fill the journal booked, as the journal booked it', () => {
    const journal = openReadOnlyJournal(s.journal);
    const booked = journal.fills().map((f) => `${f.fillId} ${f.quantity} ${f.price} ${f.fee}`);
    journal.close();
    const recorded = lines.flatMap((l) =>
      l.k === 'f' ? [`${l.x.fillId} ${l.x.quantity} ${l.x.price} ${l.x.fee}`] : [],
    );
    expect(recorded.sort()).toEqual(booked.sort());
  });

  it('never holds a secret of the run: API keys, session tokens', () => {
    expect(s.secrets.length).toBeGreaterThanOrEqual(2);
    for (const secret of s.secrets) expect(text.includes(secret), 'a secret in the recording').toBe(false);
  });

  it('`perpflow replay` says so and exits 0', async () => {
    const r = await perpflowOutput(['replay', s.recording]);
    expect(r.stdout).toMatch(/0 divergences: every intent, request and fill identical/);
    expect(r.code).toBe(0);
  });
});
