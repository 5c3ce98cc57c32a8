/**
 * A close the venue ends LIQUIDATED (the position went under maintenance while the close rested):
 * the outcome commit (src/execution/RequestBook.ts) asks for a reconcile soon, a convergence
 * window after it, not at the next periodic one. Real simulator, VirtualClock.
 */
import { describe, expect, it } from 'vitest';
import type { CloseIntent, OpenIntent } from '../../src/domain/intent.ts';
import { dec } from '../../src/domain/money.ts';
import { closeIntent, ETH, openIntent, setupVenue, startExecutor, tempJournalPath } from './harness.ts';

describe('a liquidated close', () => {
  it('is followed by a reconcile within the convergence window, long before the periodic one', async () => {
    const v = await setupVenue({ collateral: 100 });
    const { executor, events } = await startExecutor(v, {
      path: tempJournalPath(),
      execution: { reconcile: { intervalMs: 3_600_000, convergenceMs: 1_000 } },
    });
    // About 950 of BTC on 100 of collateral at 20×: a 10 % fall takes the account under maintenance.
    const open = openIntent('liq-open', { quantity: dec('0.01'), leverage: 20 });
    expect((await executor.submit(open)).status).toBe('accepted');
    await v.clock.runUntil(() => executor.isIdle(), 60_000);
    // A long's LIMIT close far above the mark rests on the venue.
    const close = closeIntent('liq-close', open, { orderType: 'LIMIT', closePrice: dec(500_000) });
    expect((await executor.submit(close)).status).toBe('accepted');
    await v.clock.advance(5_000);
    const [resting] = executor.journal.byIntent(close.intentId);
    expect(resting?.status).toBe('ACCEPTED');

    const mark = v.sim.engine.mark('BTCUSDT')?.mark;
    if (mark === undefined) throw new Error('no BTCUSDT mark');
    v.sim.engine.setMark('BTCUSDT', mark * 0.8);
    await v.clock.runUntil(() => executor.journal.byIntent(close.intentId)[0]?.status !== 'ACCEPTED', 60_000);
    const endedAt = v.clock.now();
    const reconcilesBefore = events.filter((e) => e.type === 'reconciled').length;

    await v.clock.advance(1_500);
    const after = events.filter((e) => e.type === 'reconciled' && e.at > endedAt);
    expect(events.filter((e) => e.type === 'reconciled').length).toBe(reconcilesBefore + 1);
    expect(after).toHaveLength(1);
  });

  it('is followed by a soon reconcile when it commits together with another request’s outcome', async () => {
    const v = await setupVenue({ collateral: 100 });
    const { executor, events } = await startExecutor(v, {
      path: tempJournalPath(),
      execution: { reconcile: { intervalMs: 3_600_000, convergenceMs: 1_000 } },
    });
    const open = openIntent('liq2-open', { quantity: dec('0.01'), leverage: 20 });
    expect((await executor.submit(open)).status).toBe('accepted');
    await v.clock.runUntil(() => executor.isIdle(), 60_000);
    const btc = v.sim.engine.mark('BTCUSDT')?.mark;
    const eth = v.sim.engine.mark('ETHUSDT')?.mark;
    if (btc === undefined || eth === undefined) throw new Error('no BTCUSDT or ETHUSDT mark');
    // In one turn: the long's LIMIT close far above the mark, and an ether LIMIT open under its mark.
    const close = closeIntent('liq2-close', open, { orderType: 'LIMIT', closePrice: dec(500_000) });
    const ether = openIntent('liq2-eth', {
      symbol: ETH,
      quantity: dec('0.01'),
      leverage: 10,
      orderType: 'LIMIT',
      limitPrice: dec(Math.floor(eth * 0.9)),
    });
    const answers = await Promise.all([executor.submit(close), executor.submit(ether)]);
    expect(answers.map((a) => a.status)).toEqual(['accepted', 'accepted']);
    await v.clock.advance(5_000);
    const statusOf = (i: OpenIntent | CloseIntent) => executor.journal.byIntent(i.intentId)[0]?.status;
    expect([statusOf(close), statusOf(ether)]).toEqual(['ACCEPTED', 'ACCEPTED']);

    v.sim.engine.setMark('BTCUSDT', btc * 0.8);
    v.sim.engine.setMark('ETHUSDT', eth * 0.85);
    await v.clock.runUntil(() => statusOf(close) !== 'ACCEPTED', 60_000);
    const endedAt = v.clock.now();
    // The liquidation took the collateral: the ether open fails at its fill, polled in the same round.
    expect(statusOf(ether)).toBe('FAILED');
    await v.clock.advance(1_500);
    expect(events.filter((e) => e.type === 'reconciled' && e.at > endedAt)).toHaveLength(1);
  });
});
