/**
 * The request book's per-turn paths (src/execution/RequestBook.ts) through the real executor and
 * simulator: the insert queue of one event-loop turn, and the `from` of a one-request move.
 */
import { describe, expect, it } from 'vitest';
import {
  closeIntent,
  openIntent,
  setupVenue,
  startExecutor,
  tempJournalPath,
  venueQuoteCount,
} from './harness.ts';

describe('the request book', () => {
  it('answers an intent submitted twice in one turn as a duplicate of the first request: one request journaled, one order sent', async () => {
    const v = await setupVenue();
    const { executor } = await startExecutor(v, { path: tempJournalPath() });
    const open = openIntent('twice-in-a-turn');
    const [first, second] = await Promise.all([executor.submit(open), executor.submit(open)]);
    expect(first.status).toBe('accepted');
    const journaled = executor.journal.byIntent(open.intentId);
    expect(journaled).toHaveLength(1);
    expect(second).toEqual({ status: 'duplicate', clientRequestIds: [journaled[0]?.clientRequestId] });
    await v.clock.runUntil(() => executor.isIdle(), 60_000);
    expect(venueQuoteCount(v)).toBe(1);
  });

  it('names in each one-request transition event the status the request left', async () => {
    const v = await setupVenue();
    const { executor, events } = await startExecutor(v, { path: tempJournalPath() });
    const open = openIntent('from-of-one');
    await executor.submit(open);
    await v.clock.runUntil(() => executor.isIdle(), 60_000);
    await executor.submit(closeIntent('from-of-one-close', open));
    await v.clock.runUntil(() => executor.isIdle(), 60_000);
    const steps = events.flatMap((e) =>
      e.type === 'requestTransition' ? [`${e.record.kind} ${e.from} → ${e.to}`] : [],
    );
    expect(steps).toEqual([
      'open CREATED → SUBMITTING',
      'open SUBMITTING → ACCEPTED',
      'open ACCEPTED → FILLED',
      'close CREATED → SUBMITTING',
      'close SUBMITTING → ACCEPTED',
      'close ACCEPTED → FILLED',
    ]);
  });

  it('fails closed with an alert naming the outcome commit when the journal refuses a polled fill', async () => {
    const v = await setupVenue();
    const { executor, events } = await startExecutor(v, { path: tempJournalPath() });
    const open = openIntent('refused-outcome');
    await executor.submit(open);
    await v.clock.advance(20);
    expect(executor.journal.byIntent(open.intentId)[0]?.status).toBe('ACCEPTED');
    executor.journal.database.exec('PRAGMA query_only=1');
    await v.clock.advance(5_000);
    const alerts = events.flatMap((e) =>
      e.type === 'alert' && e.code === 'JOURNAL_FAILED' ? [e.message] : [],
    );
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatch(/journal write failed \(apply outcomes\)/);
    const next = await executor.submit(openIntent('refused-outcome-next'));
    expect(next.status === 'denied' && next.reason).toBe('JOURNAL_FAILED');
    // The halt the journal could not store is what status and the console read.
    expect([executor.gate.state, executor.gate.stateReason]).toEqual(['halted', 'journal write failed']);
  });
});
