/**
 * Found by the chaos positions-lag fault: a lagging positions list leaves out a young position,
 * and reconciliation took that absence as proof that an unknown close had executed — the ledger
 * then showed the position closed while the venue still held it, for good.
 */
import { describe, expect, it } from 'vitest';
import { SimulatedCrash } from '../../src/execution/crash.ts';
import {
  closeIntent,
  openIntent,
  sameExposure,
  settle,
  setupVenue,
  show,
  startExecutor,
  tempJournalPath,
  venueExposure,
} from './harness.ts';

describe('a lagging positions list', () => {
  it('does not settle an unknown close as executed because its young position is missing from the list', async () => {
    const v = await setupVenue();
    const path = tempJournalPath();
    let sends = 0;
    const first = await startExecutor(v, {
      path,
      crash: (p) => {
        if (p === 'afterCommitBeforeSend' && ++sends === 2) throw new SimulatedCrash(p);
      },
    });
    const open = openIntent('lag-open');
    await first.executor.submit(open);
    await settle(v, first.executor);
    v.sim.setFaults({ positionsLagMs: 5_000 });
    await first.executor.submit(closeIntent('lag-close', open));
    await v.clock.runUntil(() => first.executor.isDead, 1_000);
    expect(first.executor.isDead).toBe(true);

    const { executor } = await startExecutor(v, { path });
    await settle(v, executor);
    const close = executor.journal.byIntent(closeIntent('lag-close', open).intentId)[0];
    expect(close?.status).toBe('RECONCILED_NOT_EXECUTED');
    expect(show(await venueExposure(v))).toEqual({ 'BTCUSDT:LONG': '0.01' });
    expect(sameExposure(executor.exposure(), await venueExposure(v))).toBe(true);
  });
});
