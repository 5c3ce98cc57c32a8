/**
 * Found by the chaos late-arrival fault: two unknown opens with one fingerprint (market, side,
 * size), a resting LIMIT and a MARKET, whose venue rows were created in the reverse order of the
 * sends. Matched by time alone, the MARKET request took the resting row and cycled between
 * ACCEPTED and UNKNOWN for ever, while the LIMIT request was booked with the MARKET's fill.
 */
import { describe, expect, it } from 'vitest';
import { dec } from '../../src/domain/money.ts';
import {
  openIntent,
  sameExposure,
  setupVenue,
  startExecutor,
  tempJournalPath,
  venueExposure,
} from './harness.ts';

describe('fingerprint matching of a resting LIMIT and a MARKET open', () => {
  it('gives the filled row to the MARKET request and the resting row to the LIMIT request whatever their order', async () => {
    const v = await setupVenue();
    const { executor } = await startExecutor(v, { path: tempJournalPath() });
    const limit = openIntent('fp-limit', {
      orderType: 'LIMIT',
      limitPrice: dec(50_000),
      allowStacking: true,
    });
    const market = openIntent('fp-market', { allowStacking: true });
    // The LIMIT reaches the venue 3 s late, the MARKET at once: rows in the reverse order of sends.
    v.sim.setFaults({ lateArrivals: { rate: 1, ms: 3_000 }, dropResponseRate: 1 });
    expect((await executor.submit(limit)).status).toBe('accepted');
    await v.clock.advance(100);
    v.sim.setFaults({ dropResponseRate: 1 });
    expect((await executor.submit(market)).status).toBe('accepted');
    await v.clock.advance(5_000);
    v.sim.setFaults({});
    await v.clock.advance(60_000);
    await executor.reconcileNow();
    const m = executor.journal.byIntent(market.intentId)[0];
    const l = executor.journal.byIntent(limit.intentId)[0];
    expect(m?.status).toBe('RECONCILED_EXECUTED');
    expect(l?.status).toBe('ACCEPTED');
    expect(executor.journal.transitionsOf(m!.clientRequestId).map((t) => t.to)).toEqual([
      'CREATED',
      'SUBMITTING',
      'UNKNOWN',
      'RECONCILED_EXECUTED',
    ]);
    expect(sameExposure(executor.exposure(), await venueExposure(v))).toBe(true);
  });
});
