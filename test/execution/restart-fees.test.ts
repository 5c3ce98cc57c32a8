/**
 * Found by the chaos books check: after a restart, a request polled to its fill before the market
 * catalog was read had its fee booked at the platform rate only (no hedger fee: a third of the
 * venue's). The market catalog must be known before any outcome is booked.
 */
import { describe, expect, it } from 'vitest';
import { TransientVenueError } from '../../src/errors/venueErrors.ts';
import { SimulatedCrash } from '../../src/execution/crash.ts';
import { openIntent, settle, setupVenue, startExecutor, tempJournalPath, venueWith } from './harness.ts';
import { booksDiffer, venueBooks } from './venueBooks.ts';

describe('fees after a restart', () => {
  it('books the venue fee of a fill polled after a restart whose first market catalog read failed', async () => {
    const v = await setupVenue();
    const path = tempJournalPath();
    const first = await startExecutor(v, {
      path,
      crash: (p) => {
        if (p === 'midPoll') throw new SimulatedCrash(p);
      },
    });
    await first.executor.submit(openIntent('fee-restart'));
    await v.clock.runUntil(() => first.executor.isDead, 10_000);
    let marketReads = 0;
    const venue = venueWith(v.venue, {
      markets: () => {
        marketReads++;
        if (marketReads === 1) return Promise.reject(new TransientVenueError('GET /v1/markets: HTTP 503'));
        return v.venue.markets();
      },
    });
    const { executor } = await startExecutor(v, { path, venue });
    expect(executor.ready).toBe(false);
    await v.clock.advance(10_000);
    expect(await settle(v, executor)).toBe(true);
    expect(executor.ready).toBe(true);
    expect(marketReads).toBe(2);
    expect(executor.journal.all().map((r) => r.status)).toEqual(['FILLED']);
    const books = venueBooks(v);
    expect(books).toHaveLength(1);
    expect(booksDiffer(books, (k) => executor.ledger.lotOfQuote(k))).toEqual([]);
  });
});
