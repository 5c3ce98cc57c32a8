/**
 * issue 14, "The defect": the status endpoint says FAILED, but the venue filled the open. The
 * positions list is the authority: the next reconciliation books the fill, corrects the request
 * (FAILED → RECONCILED_EXECUTED), alerts, and sends nothing. A thin wrapper over the real client
 * makes the status poll lie; the simulator fills for real.
 */
import { describe, expect, it } from 'vitest';
import type { RequestStatusReport, VenueClient } from '../../src/venue/VenuePort.ts';
import {
  openIntent,
  sameExposure,
  settle,
  setupVenue,
  show,
  startExecutor,
  tempJournalPath,
  venueExposure,
  venueWith,
} from './harness.ts';

/** The real client, with every terminal open-status answer rewritten to `status` (a lying venue). */
function lyingOpenStatus(venue: VenueClient, status: 'FAILED' | 'CANCELED'): VenueClient {
  return venueWith(venue, {
    requestStatus: async (
      ...args: Parameters<VenueClient['requestStatus']>
    ): Promise<RequestStatusReport | null> => {
      const rep = await venue.requestStatus(...args);
      if (rep === null || args[0] !== 'open' || rep.status !== 'OPENED') return rep;
      return { ...rep, status, quoteId: null, ...(status === 'FAILED' ? { errorCode: '4006' } : {}) };
    },
  });
}

describe('a status poll contradicted by the positions list', () => {
  it('books an open the poll called FAILED but the venue filled: RECONCILED_EXECUTED, ledger = venue, one alert, no resubmit', async () => {
    const v = await setupVenue();
    const { executor, events, venueCalls } = await startExecutor(v, {
      path: tempJournalPath(),
      venue: lyingOpenStatus(v.venue, 'FAILED'),
    });
    const intent = openIntent('contradicted');
    await executor.submit(intent);
    await settle(v, executor);
    const before = executor.journal.byIntent(intent.intentId)[0]?.status;
    await executor.reconcileNow();
    const [after] = executor.journal.byIntent(intent.intentId);
    expect({
      before,
      after: after?.status,
      quoteId: after?.quoteId !== undefined,
      ledger: show(executor.exposure()),
      ledgerIsVenue: sameExposure(executor.exposure(), await venueExposure(v)),
      alerts: events.filter((e) => e.type === 'alert' && e.code === 'STATUS_CONTRADICTED').length,
      fills: executor.fills().length,
      venueCalls: venueCalls(),
    }).toEqual({
      before: 'FAILED',
      after: 'RECONCILED_EXECUTED',
      quoteId: true,
      ledger: { 'BTCUSDT:LONG': '0.01' },
      ledgerIsVenue: true,
      alerts: 1,
      fills: 1,
      venueCalls: 1,
    });
    await executor.reconcileNow();
    expect(executor.fills().length).toBe(1);
  });

  it('adopts as external a position the venue holds for an open the poll called CANCELED (the table cannot correct CANCELED)', async () => {
    const v = await setupVenue();
    const { executor, events } = await startExecutor(v, {
      path: tempJournalPath(),
      venue: lyingOpenStatus(v.venue, 'CANCELED'),
    });
    const intent = openIntent('cancel-lie');
    await executor.submit(intent);
    await settle(v, executor);
    await executor.reconcileNow();
    expect({
      status: executor.journal.byIntent(intent.intentId)[0]?.status,
      ledgerIsVenue: sameExposure(executor.exposure(), await venueExposure(v)),
      external: events.filter((e) => e.type === 'alert' && e.code === 'EXTERNAL_POSITION').length,
    }).toEqual({ status: 'CANCELED', ledgerIsVenue: true, external: 1 });
  });
});
