import { describe, expect, it } from 'vitest';
import type { CancelIntent } from '../../src/domain/intent.ts';
import { deriveIntentId } from '../../src/domain/intentId.ts';
import { dec } from '../../src/domain/money.ts';
import { riskOptionsFromConfig } from '../../src/risk/limits.ts';
import {
  BTC,
  closeIntent,
  manualTrader,
  openIntent,
  S1,
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
    const [r] = executor.journal.byIntent(intent.intentId);
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
    expect(executor.journal.byIntent(close.intentId)[0]?.status).toBe('FILLED');
    expect(show(executor.exposure())).toEqual({});
    expect(show(await venueExposure(v))).toEqual({});
  });
});

describe('Executor: LIMIT opens and cancels', () => {
  it('keeps a resting LIMIT open ACCEPTED past the MARKET deadline and cancels it with cancel-quote', async () => {
    const v = await setupVenue();
    const { executor } = await startExecutor(v, { path: tempJournalPath() });
    const intent = openIntent('limit-1', { orderType: 'LIMIT', limitPrice: dec(50_000) });
    await executor.submit(intent);
    await v.clock.advance(400_000);
    const open = executor.journal.byIntent(intent.intentId)[0]!;
    expect(open.status).toBe('ACCEPTED');
    const cancel: CancelIntent = {
      kind: 'cancel',
      intentId: deriveIntentId(S1, 'limit-1-cancel'),
      strategyId: S1,
      createdAt: 0,
      symbol: BTC,
      target: open.clientRequestId,
    };
    expect((await executor.submit(cancel)).status).toBe('accepted');
    await v.clock.runUntil(() => executor.isIdle(), 60_000);
    expect(executor.journal.byIntent(cancel.intentId)[0]?.status).toBe('CANCELED');
    expect(executor.journal.byIntent(intent.intentId)[0]?.status).toBe('CANCELED');
    expect(show(executor.exposure())).toEqual({});
  });
});

describe('Executor: exposure over the cap', () => {
  it('latches REDUCING when the venue shows more notional than the account cap (an external position)', async () => {
    const v = await setupVenue();
    const { executor } = await startExecutor(v, {
      path: tempJournalPath(),
      risk: riskOptionsFromConfig({ account: { maxTotalNotional: 10_000 } }),
    });
    await manualTrader(v).openPosition({
      symbol: BTC,
      side: 'LONG',
      quantity: dec('0.2'),
      leverage: 5,
      orderType: 'MARKET',
    });
    await v.clock.advance(1_000);
    await executor.reconcileNow();
    expect(executor.gate.state).toBe('reducing');
    const res = await executor.submit(openIntent('over-cap'));
    expect(res.status === 'denied' && res.reason).toBe('REDUCING_ONLY');
  });
});

describe('Executor: funding', () => {
  it('carries the funding the venue accumulated on a position into the ledger', async () => {
    const v = await setupVenue();
    const { executor } = await startExecutor(v, { path: tempJournalPath() });
    await executor.submit(openIntent('fund', { quantity: dec('0.1') }));
    await v.clock.runUntil(() => executor.isIdle(), 60_000);
    await v.clock.advance(8 * 3_600_000 + 1_000);
    await executor.reconcileNow();
    const [row] = await v.venue.positions();
    expect(row?.accumulatedFunding.isZero()).toBe(false);
    expect(executor.ledger.summary().funding.toString()).toBe(row?.accumulatedFunding.toString());
  });
});

describe('Executor: notional limits', () => {
  it('prices a market it has never traded from the start-up reconciliation, so notional limits apply at once', async () => {
    const v = await setupVenue();
    const { executor } = await startExecutor(v, {
      path: tempJournalPath(),
      risk: riskOptionsFromConfig({ account: { maxNotionalPerPosition: 2_000 } }),
    });
    expect((await executor.submit(openIntent('n1'))).status).toBe('accepted');
    const big = await executor.submit(openIntent('n2', { symbol: 'ETHUSDT' as never, quantity: dec('1') }));
    expect(big.status === 'denied' && big.reason).toBe('MAX_NOTIONAL_PER_POSITION');
  });
});
