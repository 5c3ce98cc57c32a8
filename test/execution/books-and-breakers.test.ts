/**
 * Guards found missing by the mutation audit (issue #14): fees and realised PnL per position
 * against what the venue booked, the unknown-outcome burst breaker, the targeted re-query before
 * a not-found request is given up, and a failing status poll that must never count as not found.
 */
import { describe, expect, it } from 'vitest';
import { dec } from '../../src/domain/money.ts';
import { TransientVenueError } from '../../src/errors/venueErrors.ts';
import { riskOptionsFromConfig } from '../../src/risk/limits.ts';
import type { VenueClient } from '../../src/venue/VenuePort.ts';
import {
  closeIntent,
  ETH,
  openIntent,
  settle,
  setupVenue,
  startExecutor,
  tempJournalPath,
  venueWith,
} from './harness.ts';
import { booksDiffer, venueBooks } from './venueBooks.ts';

describe('ledger books equal the venue per position', () => {
  it('books the fees and realised PnL the venue charged on an open, a partial close and the final close', async () => {
    const v = await setupVenue();
    const { executor } = await startExecutor(v, { path: tempJournalPath() });
    const long = openIntent('books-long', { quantity: dec('0.1') });
    const short = openIntent('books-short', { symbol: ETH, side: 'SHORT', quantity: dec('1') });
    await executor.submit(long);
    await executor.submit(short);
    await settle(v, executor);
    v.sim.engine.setMark('BTCUSDT', v.sim.engine.mark('BTCUSDT')!.mark * 1.01);
    v.sim.engine.setMark('ETHUSDT', v.sim.engine.mark('ETHUSDT')!.mark * 1.02);
    await executor.submit(closeIntent('books-long-part', long, { quantity: dec('0.04') }));
    await executor.submit(closeIntent('books-short-all', short));
    await settle(v, executor);
    v.sim.engine.setMark('BTCUSDT', v.sim.engine.mark('BTCUSDT')!.mark * 0.995);
    await executor.submit(closeIntent('books-long-rest', long));
    await settle(v, executor);
    await executor.reconcileNow();

    const books = venueBooks(v);
    expect(books).toHaveLength(2);
    expect(books.every((b) => !b.fees.isZero() && !b.realisedPnl.isZero())).toBe(true);
    expect(booksDiffer(books, (k) => executor.ledger.lotOfQuote(k))).toEqual([]);
    const total = books.reduce((a, b) => a.plus(b.fees), dec(0));
    expect(executor.ledger.summary().fees.toString()).toBe(total.toString());
    expect(executor.ledger.feesSince(0).toString()).toBe(total.toString());
  });
});

describe('unknown-outcome burst breaker', () => {
  it('halts trading when the configured number of outcomes turn unknown within the window', async () => {
    const v = await setupVenue({ faults: { dropResponseRate: 1 } });
    const risk = riskOptionsFromConfig({ account: { maxUnknownOutcomes: { count: 3, windowMs: 60_000 } } });
    const { executor, events } = await startExecutor(v, { path: tempJournalPath(), risk });
    for (const symbol of ['BTCUSDT', 'ETHUSDT'] as const) {
      await executor.submit(openIntent(`burst-${symbol}`, { symbol: symbol as never }));
      await v.clock.advance(10);
    }
    expect(executor.unresolved()).toHaveLength(2);
    expect(executor.gate.state).toBe('active');
    await executor.submit(openIntent('burst-SOL', { symbol: 'SOLUSDT' as never, quantity: dec('1') }));
    await v.clock.advance(10);
    expect(executor.gate.state).toBe('halted');
    expect(executor.gate.stateReason).toMatch(/3 unknown outcomes within 60000 ms/);
    expect(events.some((e) => e.type === 'tradingStateChanged' && e.to === 'halted')).toBe(true);
    v.sim.setFaults({});
    const next = await executor.submit(openIntent('after-burst', { symbol: ETH, side: 'SHORT' }));
    expect(next.status === 'denied' && next.reason).toBe('TRADING_HALTED');
  });
});

/** The venue's status endpoint, with its first `n` answers for any request replaced by `fake`. */
function firstStatusAnswers(venue: VenueClient, n: number, fake: () => Promise<null>): VenueClient {
  let left = n;
  return venueWith(venue, {
    requestStatus: (kind, id) => (left-- > 0 ? fake() : venue.requestStatus(kind, id)),
  });
}

const POLL = { firstDelayMs: 200, maxDelayMs: 200, notFoundGraceMs: 0, notFoundLimit: 3 } as const;

/** One open whose first `count` status polls get `answer`: its status path and whether it was called unknown. */
async function openThroughStatusFaults(count: number, answer: () => Promise<null>, signal: string) {
  const v = await setupVenue();
  const venue = firstStatusAnswers(v.venue, count, answer);
  const { executor, events } = await startExecutor(v, {
    path: tempJournalPath(),
    venue,
    execution: { poll: POLL },
  });
  const intent = openIntent(signal);
  await executor.submit(intent);
  await settle(v, executor);
  const [r] = executor.journal.byIntent(intent.intentId);
  return {
    path: executor.journal.transitionsOf(r!.clientRequestId).map((t) => t.to),
    unknownAlert: events.some((e) => e.type === 'alert' && e.code === 'OUTCOME_UNKNOWN'),
  };
}

describe('status polls: not found and errors', () => {
  it('asks once more after the last allowed 404 and books the venue answer instead of marking the request unknown', async () => {
    const { path, unknownAlert } = await openThroughStatusFaults(
      POLL.notFoundLimit,
      async () => null,
      'requery',
    );
    expect(path).toEqual(['CREATED', 'SUBMITTING', 'ACCEPTED', 'FILLED']);
    expect(unknownAlert).toBe(false);
  });

  it('never counts a network error on a status poll as not found: the request is polled to FILLED, never UNKNOWN', async () => {
    const { path, unknownAlert } = await openThroughStatusFaults(
      2 * POLL.notFoundLimit,
      async () => {
        throw new TransientVenueError('GET status: network error (connection reset)');
      },
      'net-error',
    );
    expect(path).toEqual(['CREATED', 'SUBMITTING', 'ACCEPTED', 'FILLED']);
    expect(unknownAlert).toBe(false);
  });
});
