import { describe, expect, it } from 'vitest';
import { formatOutcome } from './formatOutcome.ts';
import type { SessionOutcome } from './replaySession.ts';

const T0 = Date.UTC(2026, 2, 2, 9);

function outcome(notes: SessionOutcome['segments'][number]['notes']): SessionOutcome {
  return {
    recordedMs: 60_000,
    segments: [
      {
        index: 1,
        mode: 'sim',
        from: T0,
        to: T0 + 60_000,
        counts: { intents: 1, requests: 2, fills: 1 },
        divergence: { t: T0 + 1_000, stream: 'intent', replayed: '{"k":"i"}' },
        notes,
        changedModules: ['nth'],
        onlyRecorded: [],
        onlyReplayed: [],
        skewMs: 0,
        journalAtStart: { recorded: 0, replayed: 0 },
      },
    ],
  };
}

describe("the replay's text on what the simulator answered", () => {
  const took = {
    t: T0 + 1_000,
    what: 'simulator took open ETHUSDT LONG 0.031 MARKET; open BTCUSDT LONG 0.002 MARKET → sim-tmp-0000001, sim-tmp-0000002',
    simulator: true,
    requests: 2,
  } as const;
  const refused = {
    t: T0 + 2_000,
    what: 'simulator refused close 1004 0.002 MARKET: HTTP 404 (NOT_FOUND: no open position with quoteId 1004)',
    simulator: true,
    requests: 1,
  } as const;
  const ended = {
    t: T0 + 1_300,
    what: 'simulator ended open sim-tmp-0000002: OPENED 0.002 at 95019.0',
    simulator: true,
  } as const;

  it('counts the requests of a batch, names each and how it ended, and never calls it the cause', () => {
    const text = formatOutcome(outcome([took, ended]), 1);
    expect(text).toContain('  2 request(s) the recorded venue never saw, answered by the venue simulator');
    expect(text).toContain(
      `    2026-03-02T09:00:01.300Z simulator ended open sim-tmp-0000002: OPENED 0.002 at 95019.0`,
    );
    expect(text).toContain('cause: changed strategy module(s) nth');
  });

  it('counts a refused request as answered too', () => {
    expect(formatOutcome(outcome([took, refused]), 1)).toContain(
      '  3 request(s) the recorded venue never saw, answered by the venue simulator',
    );
  });

  it('shows the first 40 and says how many more', () => {
    const text = formatOutcome(outcome(Array.from({ length: 45 }, () => ended)), 1);
    expect(text.split('\n').filter((l) => l.includes('simulator ended')).length).toBe(40);
    expect(text).toContain('… and 5 more (--json has them all)');
  });
});
