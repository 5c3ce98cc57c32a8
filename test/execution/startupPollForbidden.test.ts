/**
 * Found by the chaos run (seeds 4371, 7933, 8985 once TP/SL joined it): a restarted executor
 * polls the requests it recovered; one poll gets a 403, which halts reads and drops that request
 * from the polls. The start-up is not finished (its reconciliation failed), so it is tried again,
 * and the permission check of the retry finds the key has VIEW_DETAILS after all and clears the
 * halt. The dropped request must be polled again, or it stays ACCEPTED for ever while the venue
 * fills it. Real simulator, real client, VirtualClock.
 */
import { describe, expect, it } from 'vitest';
import { dec } from '../../src/domain/money.ts';
import { PermissionError, TransientVenueError } from '../../src/errors/venueErrors.ts';
import {
  openIntent,
  sameExposure,
  setupVenue,
  startExecutor,
  tempJournalPath,
  venueExposure,
  venueWith,
} from './harness.ts';

describe('a request dropped from the polls by a 403 during start-up', () => {
  it('is polled again once the start-up retry finds the permission, and its fill is booked', async () => {
    const v = await setupVenue();
    const path = tempJournalPath();
    const first = await startExecutor(v, { path });
    const limit = openIntent('rests', { orderType: 'LIMIT', limitPrice: dec(90_000) });
    expect((await first.executor.submit(limit)).status).toBe('accepted');
    const resting = () => first.executor.journal.byIntent(limit.intentId)[0]?.status === 'ACCEPTED';
    expect(await v.clock.runUntil(resting, 30_000)).toBe(true);
    let stopped = false;
    void first.executor.stop().then(() => {
      stopped = true;
    });
    await v.clock.runUntil(() => stopped, 60_000);

    // The restart: its first reconciliation fails (a retry in 5 s), its first status poll gets 403.
    let positionsFailures = 1;
    let forbidden = 1;
    const venue = venueWith(v.venue, {
      positions: async () => {
        if (positionsFailures-- > 0) throw new TransientVenueError('positions read timed out');
        return v.venue.positions();
      },
      requestStatus: async (kind, id) => {
        if (forbidden-- > 0) throw new PermissionError('HTTP 403: not permitted for this key or subaccount');
        return v.venue.requestStatus(kind, id);
      },
    });
    const { executor } = await startExecutor(v, { path, venue });
    await v.clock.advance(10_000);
    expect(executor.ready).toBe(true);
    expect(executor.gate.capabilityHalted('read')).toBeUndefined();
    // The venue fills the LIMIT: only a poll of its own tells the executor.
    v.sim.engine.setMark('BTCUSDT', 89_000);
    await v.clock.advance(120_000);
    const [r] = executor.journal.byIntent(limit.intentId);
    expect(r?.status).toBe('FILLED');
    expect(sameExposure(executor.exposure(), await venueExposure(v))).toBe(true);
    await executor.stop();
    v.sim.stop();
  });
});
