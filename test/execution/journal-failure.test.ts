/**
 * A journal that stops accepting writes while a submit is in flight (found by the chaos journal
 * fault): the executor fails closed — halt, one critical alert, nothing more sent — and no promise
 * is left rejected (an unhandled rejection ends a Node process). The restart settles the request.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  openIntent,
  sameExposure,
  settle,
  setupVenue,
  startExecutor,
  tempJournalPath,
  venueExposure,
  venueQuoteCount,
} from './harness.ts';

const unhandled: unknown[] = [];
const onUnhandled = (e: unknown): void => {
  unhandled.push(e);
};
beforeEach(() => {
  unhandled.length = 0;
  process.on('unhandledRejection', onUnhandled);
});
afterEach(() => {
  process.off('unhandledRejection', onUnhandled);
});

describe('journal write failure with a submit in flight', () => {
  it('fails closed without an unhandled rejection when the lost answer cannot be journaled as UNKNOWN, and the restart settles it', async () => {
    const v = await setupVenue();
    const path = tempJournalPath();
    const first = await startExecutor(v, { path });
    v.sim.setFaults({ latencyMs: { min: 100, max: 100 }, dropResponseRate: 1 });
    const intent = openIntent('jf');
    await first.executor.submit(intent);
    await v.clock.advance(20);
    expect(first.executor.journal.byIntent(intent.intentId)[0]?.status).toBe('SUBMITTING');
    first.executor.journal.database.exec('PRAGMA query_only=1');
    await v.clock.advance(60_000);
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(unhandled).toEqual([]);
    const next = await first.executor.submit(openIntent('jf-next', { symbol: 'ETHUSDT' as never }));
    expect(next.status === 'denied' && next.reason).toBe('JOURNAL_FAILED');
    expect(
      first.events.filter((e) => e.type === 'alert' && e.code === 'JOURNAL_FAILED').length,
    ).toBeGreaterThan(0);
    expect(venueQuoteCount(v)).toBe(1);

    v.sim.setFaults({});
    first.executor.journal.abandon();
    const { executor } = await startExecutor(v, { path });
    await settle(v, executor);
    const [r] = executor.journal.byIntent(intent.intentId);
    expect(executor.journal.transitionsOf(r!.clientRequestId).map((t) => t.to)).toEqual([
      'CREATED',
      'SUBMITTING',
      'UNKNOWN',
      'RECONCILED_EXECUTED',
    ]);
    expect(venueQuoteCount(v)).toBe(1);
    expect(sameExposure(executor.exposure(), await venueExposure(v))).toBe(true);
  });
});

describe('journal write failure while a request is polled', () => {
  it('fails closed without an unhandled rejection when a status poll needs a write the journal refuses', async () => {
    const v = await setupVenue();
    const { executor } = await startExecutor(v, {
      path: tempJournalPath(),
      execution: { poll: { notFoundGraceMs: 0, notFoundLimit: 1 } },
    });
    v.sim.setFaults({ indexingLagMs: 60_000 });
    await executor.submit(openIntent('jf-poll'));
    await v.clock.advance(20);
    expect(executor.journal.nonTerminal().map((r) => r.status)).toEqual(['ACCEPTED']);
    executor.journal.database.exec('PRAGMA query_only=1');
    await v.clock.advance(5_000);
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(unhandled).toEqual([]);
    const next = await executor.submit(openIntent('jf-poll-next', { symbol: 'ETHUSDT' as never }));
    expect(next.status === 'denied' && next.reason).toBe('JOURNAL_FAILED');
  });
});

describe('journal write failure during a reconciliation', () => {
  it('voids the cycle instead of rejecting when a 403 on the positions read must latch a halt the journal refuses', async () => {
    const v = await setupVenue();
    const { executor } = await startExecutor(v, { path: tempJournalPath() });
    executor.journal.database.exec('PRAGMA query_only=1');
    v.sim.setFaults({ forbiddenRate: 1 });
    const res = await executor.reconcileNow();
    expect(res.ok).toBe(false);
    expect(res.error).toMatch(/journal write failed/);
  });
});
