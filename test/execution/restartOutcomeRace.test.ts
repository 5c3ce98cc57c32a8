/**
 * The outcome group commit (src/execution/RequestBook.ts) at a restart, where two paths answer for
 * the same requests in one turn: the recovered status polls (every open request with a tempId,
 * UNKNOWN ones included) and the start-up reconciliation, which settles an UNKNOWN open from the
 * positions list. Real simulator, VirtualClock; the venue's answers are only held back so that
 * they arrive together, as they may on a real network.
 */
import { describe, expect, it } from 'vitest';
import type { ClientRequestId } from '../../src/domain/ids.ts';
import type { OpenIntent } from '../../src/domain/intent.ts';
import type { RequestStatusReport } from '../../src/venue/VenuePort.ts';
import {
  ETH,
  openIntent,
  type Running,
  sameExposure,
  setupVenue,
  show,
  startExecutor,
  tempJournalPath,
  type Venue,
  venueExposure,
  venueWith,
} from './harness.ts';

interface Gate {
  readonly shut: Promise<void>;
  readonly open: () => void;
}

function gate(): Gate {
  let open!: () => void;
  const shut = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { shut, open };
}

interface Stopped {
  readonly v: Venue;
  readonly path: string;
  /** An open whose polls failed past their deadline with the list unreadable: UNKNOWN, tempId journaled. */
  readonly a: ClientRequestId;
  /** An open on another market, ACCEPTED when the executor stopped; the venue filled it since. */
  readonly b: ClientRequestId;
}

/** First run: `a` UNKNOWN and `b` ACCEPTED, both filled at the venue, then an orderly stop. */
async function stoppedWithUnknownAndAccepted(): Promise<Stopped> {
  const v = await setupVenue();
  const path = tempJournalPath();
  const first = await startExecutor(v, { path, execution: { poll: { deadlineMs: 60_000 } } });
  const idOf = (i: OpenIntent): ClientRequestId => {
    const [r] = first.executor.journal.byIntent(i.intentId);
    if (r === undefined) throw new Error(`no request for ${i.intentId}`);
    return r.clientRequestId;
  };
  const a = openIntent('race-a');
  expect((await first.executor.submit(a)).status).toBe('accepted');
  await v.clock.advance(10);
  v.sim.setFaults({ errorRate: 1 });
  await v.clock.advance(70_000);
  v.sim.setFaults({});
  const b = openIntent('race-b', { symbol: ETH });
  expect((await first.executor.submit(b)).status).toBe('accepted');
  await v.clock.advance(10);
  const journal = first.executor.journal;
  expect([journal.get(idOf(a))?.status, journal.get(idOf(b))?.status]).toEqual(['UNKNOWN', 'ACCEPTED']);
  expect(journal.get(idOf(a))?.tempId).toBeDefined();
  await first.executor.stop();
  // Nobody is running: the venue fills `b`.
  await v.clock.advance(1_000);
  return { v, path, a: idOf(a), b: idOf(b) };
}

interface Restarted {
  /** Resolves with the running executor once its start-up reconciliation is done. */
  readonly starting: Promise<Running>;
  /** The status polls' answers, held until opened. */
  readonly answers: Gate;
  /** The start-up reconciliation's positions list, held until opened. */
  readonly list: Gate;
  readonly polled: string[];
}

/**
 * Second run on the same journal, up to the point where the recovered polls of `a` and `b` have
 * their answers in hand and the start-up reconciliation waits for its positions list.
 */
async function restartWithAnswersHeld(s: Stopped): Promise<Restarted> {
  const answers = gate();
  const list = gate();
  const listAsked = gate();
  const polled: string[] = [];
  const venue = venueWith(s.v.venue, {
    requestStatus: async (kind, tempId) => {
      const rep: RequestStatusReport | null = await s.v.venue.requestStatus(kind, tempId);
      polled.push(`${tempId} ${rep?.status}`);
      await answers.shut;
      return rep;
    },
    positions: async () => {
      listAsked.open();
      await list.shut;
      return s.v.venue.positions();
    },
  });
  const starting = startExecutor(s.v, { path: s.path, venue });
  // The polls are scheduled before the start-up reconciliation asks for the list.
  await listAsked.shut;
  await s.v.clock.advance(200);
  expect(polled).toHaveLength(2);
  return { starting, answers, list, polled };
}

describe('restart: the recovered polls and the start-up reconciliation answer in one turn', () => {
  it('books an unknown open the positions list settled before the commit once, as RECONCILED_EXECUTED, and drops its polled FILLED without a halt', async () => {
    const s = await stoppedWithUnknownAndAccepted();
    const r = await restartWithAnswersHeld(s);
    // Both answers come back together: the polls queue FILLED for `a` and `b`, then the list,
    // read before the commit's tick, settles `a` from its position.
    r.answers.open();
    r.list.open();
    const { executor, events } = await r.starting;
    await s.v.clock.advance(0);

    const journal = executor.journal;
    expect(r.polled.map((p) => p.split(' ')[1])).toEqual(['OPENED', 'OPENED']);
    const critical = events.flatMap((e) => (e.type === 'alert' && e.severity === 'critical' ? [e.code] : []));
    expect(critical).toEqual([]);
    expect(executor.gate.state).toBe('active');
    expect(journal.transitionsOf(s.a).map((t) => t.to)).toEqual([
      'CREATED',
      'SUBMITTING',
      'ACCEPTED',
      'UNKNOWN',
      'RECONCILED_EXECUTED',
    ]);
    expect(journal.get(s.b)?.status).toBe('FILLED');
    expect(
      executor
        .fills()
        .filter((f) => f.clientRequestId === s.a)
        .map((f) => f.quantity.toString()),
    ).toEqual(['0.01']);
    expect(executor.fills()).toHaveLength(2);
    expect(show(executor.exposure())).toEqual({ 'BTCUSDT:LONG': '0.01', 'ETHUSDT:LONG': '0.01' });
    expect(sameExposure(executor.exposure(), await venueExposure(s.v))).toBe(true);
    expect(executor.unresolved()).toEqual([]);
  });

  it("names each request's own previous status as `from` when one commit moves an UNKNOWN and an ACCEPTED request", async () => {
    const s = await stoppedWithUnknownAndAccepted();
    const r = await restartWithAnswersHeld(s);
    // The polls' answers first, committed together on the next tick; the list after.
    r.answers.open();
    await s.v.clock.advance(0);
    r.list.open();
    const { executor, events } = await r.starting;

    const name = (id: ClientRequestId): string => (id === s.a ? 'a' : id === s.b ? 'b' : id);
    const moves = events.flatMap((e) =>
      e.type === 'requestTransition' ? [`${name(e.clientRequestId)} ${e.from} → ${e.to}`] : [],
    );
    expect(moves.sort()).toEqual(['a UNKNOWN → FILLED', 'b ACCEPTED → FILLED']);
    // The events say what the journal's own history says.
    for (const id of [s.a, s.b]) {
      const last = executor.journal.transitionsOf(id).at(-1);
      expect(`${name(id)} ${last?.from} → ${last?.to}`).toBe(moves.find((m) => m.startsWith(name(id))));
    }
    expect(executor.fills()).toHaveLength(2);
    expect(executor.gate.state).toBe('active');
  });
});
