/**
 * reliability.md scenario 18, point by point: a crash at each labelled point has exactly one
 * right outcome (status path, venue quotes, exposure, fills, no external position), and the
 * strategy replaying its intent after the restart must not open a second quote.
 */
import { describe, expect, it } from 'vitest';
import { type CrashPoint, SimulatedCrash } from '../../src/execution/crash.ts';
import {
  openIntent,
  sameExposure,
  settle,
  setupVenue,
  show,
  startExecutor,
  tempJournalPath,
  venueExposure,
  venueQuoteCount,
} from './harness.ts';

interface RightOutcome {
  /** Status path of the intent's first request, from the journal's own history. */
  readonly path: readonly string[];
  /** What the strategy's replay of the same intent after the restart gets. */
  readonly replay: 'duplicate' | 'accepted';
  readonly quotes: number;
  readonly exposure: Readonly<Record<string, string>>;
  readonly fills: number;
}

const EXECUTED = { quotes: 1, exposure: { 'BTCUSDT:LONG': '0.01' }, fills: 1 } as const;

/** What a crash at each point must end in: the one right outcome, not a set of acceptable ones. */
const RIGHT: Readonly<Record<CrashPoint, RightOutcome>> = {
  // Inserted (CREATED) but SUBMITTING never committed: provably unsent, so a replay sends anew.
  beforeJournalCommit: {
    path: ['CREATED', 'NOT_SENT'],
    replay: 'accepted',
    ...EXECUTED,
  },
  // SUBMITTING committed, nothing sent: unknown until the positions list shows nothing.
  afterCommitBeforeSend: {
    path: ['CREATED', 'SUBMITTING', 'UNKNOWN', 'RECONCILED_NOT_EXECUTED'],
    replay: 'duplicate',
    quotes: 0,
    exposure: {},
    fills: 0,
  },
  // Sent and taken by the venue, answer never read: the restart finds it pending in the positions
  // list by fingerprint (the fill takes 300 ms), attaches its tempId and polls it to the fill.
  afterSendBefore201: {
    path: ['CREATED', 'SUBMITTING', 'UNKNOWN', 'ACCEPTED', 'FILLED'],
    replay: 'duplicate',
    ...EXECUTED,
  },
  after201BeforeTempId: {
    path: ['CREATED', 'SUBMITTING', 'UNKNOWN', 'ACCEPTED', 'FILLED'],
    replay: 'duplicate',
    ...EXECUTED,
  },
  // tempId journaled: the restart polls it again and books the venue's own answer.
  midPoll: {
    path: ['CREATED', 'SUBMITTING', 'ACCEPTED', 'FILLED'],
    replay: 'duplicate',
    ...EXECUTED,
  },
};

describe('crash points: the one right outcome at each labelled point', () => {
  for (const [point, right] of Object.entries(RIGHT) as [CrashPoint, RightOutcome][]) {
    it(`a crash at ${point} ends ${right.path.at(-1)} with ${right.quotes} venue quote(s), a ${right.replay} replay and no external position`, async () => {
      const v = await setupVenue();
      const path = tempJournalPath();
      const first = await startExecutor(v, {
        path,
        crash: (p) => {
          if (p === point) throw new SimulatedCrash(p);
        },
      });
      const intent = openIntent(`crash-${point}`);
      expect((await first.executor.submit(intent)).status).toBe('accepted');
      await v.clock.runUntil(() => first.executor.isDead, 10_000);
      expect(first.executor.isDead).toBe(true);

      const { executor } = await startExecutor(v, { path });
      expect((await executor.submit(intent)).status).toBe(right.replay);
      expect(await settle(v, executor)).toBe(true);
      await executor.reconcileNow();

      const [r] = executor.journal.byIntent(intent.intentId);
      expect(executor.journal.transitionsOf(r!.clientRequestId).map((t) => t.to)).toEqual(right.path);
      expect(venueQuoteCount(v)).toBe(right.quotes);
      expect(show(await venueExposure(v))).toEqual(right.exposure);
      expect(show(executor.exposure())).toEqual(right.exposure);
      expect(sameExposure(executor.exposure(), await venueExposure(v))).toBe(true);
      expect(executor.fills()).toHaveLength(right.fills);
      expect(executor.journal.externals()).toEqual([]);
      expect(executor.unresolved()).toEqual([]);
      expect(executor.gate.state).toBe('active');
    });
  }
});
