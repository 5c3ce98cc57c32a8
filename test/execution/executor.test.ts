import { describe, expect, it } from 'vitest';
import {
  closeIntent,
  openIntent,
  setupVenue,
  show,
  startExecutor,
  tempJournalPath,
  venueExposure,
} from './harness.ts';

describe('Executor against the simulator', () => {
  it('opens, tracks to FILLED and books the fill in the ledger exactly as the venue shows it', async () => {
    const v = await setupVenue();
    const { executor } = await startExecutor(v, { path: tempJournalPath() });
    const intent = openIntent('sig-1');
    const res = await executor.submit(intent);
    expect(res.status).toBe('accepted');
    await v.clock.runUntil(() => executor.isIdle(), 60_000);
    const [r] = executor.requestsOf(intent.intentId);
    expect(r?.status).toBe('FILLED');
    expect(r?.tempId).toBeDefined();
    expect(r?.quoteId).toBeDefined();
    expect(show(executor.exposure())).toEqual(show(await venueExposure(v)));
    expect(show(executor.exposure())).toEqual({ 'BTCUSDT:LONG': '0.01' });
    expect(executor.journal.transitionsOf(r!.clientRequestId).map((t) => t.to)).toEqual([
      'CREATED',
      'SUBMITTING',
      'ACCEPTED',
      'FILLED',
    ]);
    const close = closeIntent('sig-1-close', intent);
    expect((await executor.submit(close)).status).toBe('accepted');
    await v.clock.runUntil(() => executor.isIdle(), 60_000);
    expect(executor.requestsOf(close.intentId)[0]?.status).toBe('FILLED');
    expect(show(executor.exposure())).toEqual({});
    expect(show(await venueExposure(v))).toEqual({});
  });
});
