/**
 * reliability.md (b), scenarios 6-11: the venue disagrees, errs, or refuses the key. Real
 * simulator, real client, VirtualClock; where the simulator cannot produce a disagreement, a
 * thin wrapper over the real client shapes the positions answer.
 */
import { describe, expect, it } from 'vitest';
import { dec } from '../../src/domain/money.ts';
import type { Position } from '../../src/domain/position.ts';
import type { VenueClient } from '../../src/venue/VenuePort.ts';
import {
  BTC,
  delegate,
  manualTrader,
  openIntent,
  ownerCall,
  sameExposure,
  settle,
  setupVenue,
  show,
  startExecutor,
  tempJournalPath,
  venueExposure,
  venueWith,
} from './harness.ts';

/** The real client with its positions answer passed through `shape`. */
function shapedPositions(
  venue: VenueClient,
  shape: { fn: (ps: readonly Position[]) => readonly Position[] },
): VenueClient {
  return venueWith(venue, { positions: async () => shape.fn(await venue.positions()) });
}

describe('scenario 6: status and positions disagree', () => {
  it('changes nothing while a filled position is missing from the list for less than the convergence window', async () => {
    const v = await setupVenue();
    const shape = { fn: (ps: readonly Position[]) => ps };
    const { executor, events } = await startExecutor(v, {
      path: tempJournalPath(),
      venue: shapedPositions(v.venue, shape),
    });
    await executor.submit(openIntent('s6'));
    await settle(v, executor);
    shape.fn = () => [];
    await executor.reconcileNow();
    await v.clock.advance(3_000);
    await executor.reconcileNow();
    expect(show(executor.exposure())).toEqual({ 'BTCUSDT:LONG': '0.01' });
    shape.fn = (ps) => ps;
    await v.clock.advance(3_000);
    await executor.reconcileNow();
    expect(show(executor.exposure())).toEqual({ 'BTCUSDT:LONG': '0.01' });
    expect(events.filter((e) => e.type === 'alert' && e.code === 'RECONCILED_CLOSE')).toHaveLength(0);
  });

  it('halts the market with an alert, and never trades, when the venue shows more than the journal on a known quote', async () => {
    const v = await setupVenue();
    const shape = { fn: (ps: readonly Position[]) => ps };
    const { executor, events, venueCalls } = await startExecutor(v, {
      path: tempJournalPath(),
      venue: shapedPositions(v.venue, shape),
    });
    await executor.submit(openIntent('s6b'));
    await settle(v, executor);
    const calls = venueCalls();
    shape.fn = (ps) => ps.map((p) => ({ ...p, quantity: p.quantity.times(2) }));
    await executor.reconcileNow();
    await v.clock.advance(6_000);
    await executor.reconcileNow();
    expect(executor.gate.marketHalted('BTCUSDT')).toBeDefined();
    expect(events.some((e) => e.type === 'alert' && e.code === 'MARKET_HALTED')).toBe(true);
    expect(venueCalls()).toBe(calls);
    expect((await executor.submit(openIntent('s6b-2', { side: 'SHORT' }))).status).toBe('denied');
  });
});

describe('scenario 7: the positions read fails during reconciliation', () => {
  it('voids the cycle: no state changes, the unknown stays unknown and the market stays blocked', async () => {
    const v = await setupVenue({ faults: { dropResponseRate: 1 } });
    const { executor } = await startExecutor(v, { path: tempJournalPath() });
    const intent = openIntent('s7');
    await executor.submit(intent);
    await v.clock.advance(10);
    v.sim.setFaults({ errorRate: 1 });
    const cycle = executor.reconcileNow();
    await v.clock.advance(20_000);
    const res = await cycle;
    expect(res.ok).toBe(false);
    expect(executor.journal.byIntent(intent.intentId)[0]?.status).toBe('UNKNOWN');
    expect(executor.index.isMarketUnresolved('BTCUSDT')).toBe(true);
    expect(show(executor.exposure())).toEqual({});
  });

  it('never reads an empty answer from a failed read as flat', async () => {
    const v = await setupVenue();
    const { executor } = await startExecutor(v, { path: tempJournalPath() });
    await executor.submit(openIntent('s7b'));
    await settle(v, executor);
    v.sim.setFaults({ errorRate: 1 });
    const cycle = executor.reconcileNow();
    await v.clock.advance(60_000);
    expect((await cycle).ok).toBe(false);
    expect(show(executor.exposure())).toEqual({ 'BTCUSDT:LONG': '0.01' });
  });
});

describe('scenario 8: a venue position the journal cannot explain', () => {
  it('adopts it as external with one alert: risk counts it, no strategy owns it', async () => {
    const v = await setupVenue();
    const { executor, events } = await startExecutor(v, { path: tempJournalPath() });
    await manualTrader(v).openPosition({
      symbol: BTC,
      side: 'SHORT',
      quantity: dec('0.5'),
      leverage: 2,
      orderType: 'MARKET',
    });
    await v.clock.advance(1_000);
    await executor.reconcileNow();
    await executor.reconcileNow();
    expect(events.filter((e) => e.type === 'externalPositionAdopted')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'alert' && e.code === 'EXTERNAL_POSITION')).toHaveLength(1);
    expect(executor.journal.externals()).toHaveLength(1);
    expect(executor.ledger.openLots(null)).toHaveLength(1);
    expect(
      executor.ledger.openLots(executor.journal.byIntent('x' as never)[0]?.strategyId ?? ('s1' as never)),
    ).toHaveLength(0);
    expect(executor.exposureView().openPositions()).toBe(1);
    expect(sameExposure(executor.exposure(), await venueExposure(v))).toBe(true);
  });
});

describe('scenario 9: the venue shows less exposure than the journal', () => {
  it('converges the journal to the venue with a RECONCILED_CLOSE after a manual close, and alerts', async () => {
    const v = await setupVenue();
    const { executor, events } = await startExecutor(v, { path: tempJournalPath() });
    const intent = openIntent('s9');
    await executor.submit(intent);
    await settle(v, executor);
    const quoteId = executor.journal.byIntent(intent.intentId)[0]?.quoteId;
    await manualTrader(v).closePosition({ quoteId: quoteId!, quantity: dec('0.004'), orderType: 'MARKET' });
    await v.clock.advance(1_000);
    await executor.reconcileNow();
    await v.clock.advance(6_000);
    await executor.reconcileNow();
    expect(show(executor.exposure())).toEqual({ 'BTCUSDT:LONG': '0.006' });
    expect(sameExposure(executor.exposure(), await venueExposure(v))).toBe(true);
    expect(executor.fills().map((f) => f.fillId)).toContain(`recon:${quoteId}:0.006`);
    expect(events.some((e) => e.type === 'alert' && e.code === 'RECONCILED_CLOSE')).toBe(true);
  });
});

describe('scenario 10: 401 (the key is revoked)', () => {
  it('halts all trading with exactly one alert and no retry loop', async () => {
    const v = await setupVenue();
    const { executor, events, venueCalls } = await startExecutor(v, { path: tempJournalPath() });
    expect(await ownerCall(v, 'DELETE', `/v1/api-keys/${v.acc.apiKeyId}`)).toBe(200);
    const intent = openIntent('s10');
    await executor.submit(intent);
    await v.clock.advance(100);
    expect(executor.gate.state).toBe('halted');
    expect(executor.gate.authBroken).toBe(true);
    expect(executor.journal.byIntent(intent.intentId)[0]?.status).toBe('UNKNOWN');
    const again = await executor.submit(openIntent('s10-b', { symbol: 'ETHUSDT' as never }));
    expect(again.status === 'denied' && again.reason).toBe('AUTH_FAILED');
    await v.clock.advance(60_000);
    expect(events.filter((e) => e.type === 'alert' && e.code === 'TRADING_HALTED')).toHaveLength(1);
    expect(venueCalls()).toBe(1);
  });
});

describe('scenario 11: 403 (a permission is missing)', () => {
  it('checks permissions at start and halts only opens; reads and reconciliation go on', async () => {
    const v = await setupVenue();
    expect(await delegate(v, ['VIEW_DETAILS', 'CLOSE_POSITION', 'CANCEL_POSITION'])).toBeLessThan(300);
    const { executor } = await startExecutor(v, { path: tempJournalPath() });
    expect(executor.ready).toBe(true);
    expect(executor.gate.capabilityHalted('open')).toMatch(/OPEN_POSITION/);
    expect(executor.gate.capabilityHalted('close')).toBeUndefined();
    const res = await executor.submit(openIntent('s11'));
    expect(res.status === 'denied' && res.reason).toBe('CAPABILITY_HALTED');
    expect((await executor.reconcileNow()).ok).toBe(true);
  });

  it('turns a 403 on a submit into a halt of that capability and settles the request from positions', async () => {
    const v = await setupVenue();
    const { executor } = await startExecutor(v, { path: tempJournalPath() });
    await delegate(v, ['VIEW_DETAILS', 'CLOSE_POSITION', 'CANCEL_POSITION']);
    const intent = openIntent('s11b');
    await executor.submit(intent);
    await settle(v, executor);
    expect(executor.gate.capabilityHalted('open')).toBeDefined();
    expect(executor.gate.state).toBe('active');
    expect(executor.journal.byIntent(intent.intentId)[0]?.status).toBe('RECONCILED_NOT_EXECUTED');
  });
});
