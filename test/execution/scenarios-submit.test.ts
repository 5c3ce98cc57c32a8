/**
 * reliability.md (b), scenarios 1-5 and 12-14: faults around a submit and its status polls,
 * injected in the real simulator, on a VirtualClock. Each test asserts the journal and the ledger.
 */
import { describe, expect, it } from 'vitest';
import { dec } from '../../src/domain/money.ts';
import { SimulatedCrash } from '../../src/execution/crash.ts';
import {
  BTC,
  ETH,
  openIntent,
  sameExposure,
  settle,
  setupVenue,
  show,
  startExecutor,
  tempJournalPath,
  venueExposure,
  venueQuoteCount,
  venueWith,
} from './harness.ts';

const statuses = (ex: { journal: { transitionsOf(id: never): { to: string }[] } }, id: string): string[] =>
  ex.journal.transitionsOf(id as never).map((t) => t.to);

describe('scenario 1: the submit loses its answer after the venue took it', () => {
  it('goes UNKNOWN, blocks the market, never resubmits, and settles by fingerprint to RECONCILED_EXECUTED', async () => {
    const v = await setupVenue({ faults: { dropResponseRate: 1 } });
    const { executor } = await startExecutor(v, { path: tempJournalPath() });
    const intent = openIntent('s1');
    await executor.submit(intent);
    await v.clock.advance(10);
    const [r] = executor.journal.byIntent(intent.intentId);
    expect(r?.status).toBe('UNKNOWN');
    expect(r?.tempId).toBeUndefined();
    expect((await executor.submit(openIntent('s1-other', { side: 'SHORT' }))).status).toBe('denied');
    expect((await executor.submit(openIntent('eth', { symbol: ETH }))).status).toBe('accepted');
    v.sim.setFaults({});
    await settle(v, executor);
    const done = executor.journal.byIntent(intent.intentId)[0];
    expect(done?.status).toBe('RECONCILED_EXECUTED');
    expect(done?.tempId).toMatch(/^tmp-/);
    expect(statuses(executor, done!.clientRequestId)).toEqual([
      'CREATED',
      'SUBMITTING',
      'UNKNOWN',
      'RECONCILED_EXECUTED',
    ]);
    expect(venueQuoteCount(v)).toBe(2);
    expect(sameExposure(executor.exposure(), await venueExposure(v))).toBe(true);
    expect(executor.index.isMarketUnresolved('BTCUSDT')).toBe(false);
  });

  it('halts the market and alerts when two venue positions match one unknown request', async () => {
    const v = await setupVenue({ faults: { dropResponseRate: 1 } });
    const { executor, events } = await startExecutor(v, { path: tempJournalPath() });
    await executor.submit(openIntent('s1'));
    await v.clock.advance(10);
    v.sim.setFaults({});
    await v.venue.openPosition({
      symbol: 'BTCUSDT' as never,
      side: 'LONG',
      quantity: dec('0.01'),
      leverage: 5,
      orderType: 'MARKET',
    });
    await v.clock.advance(1_000);
    await executor.reconcileNow();
    expect(executor.gate.marketHalted('BTCUSDT')).toMatch(/match/);
    expect(executor.unresolved()).toHaveLength(1);
    expect(events.some((e) => e.type === 'alert' && e.code === 'MARKET_HALTED')).toBe(true);
  });
});

describe('scenario 1 with an identical open in flight', () => {
  it('does not call two candidate rows ambiguous while the second belongs to an open still waiting for its 201', async () => {
    const v = await setupVenue();
    const slowAcks = venueWith(v.venue, {
      openPosition: async (o) => {
        const ack = await v.venue.openPosition(o);
        await v.clock.sleep(8_000);
        return ack;
      },
    });
    const { executor } = await startExecutor(v, { path: tempJournalPath(), venue: slowAcks });
    const b = openIntent('twin-b', { allowStacking: true });
    await executor.submit(b);
    await v.clock.advance(10);
    v.sim.setFaults({ dropResponseRate: 1 });
    const a = openIntent('twin-a', { allowStacking: true });
    await executor.submit(a);
    await v.clock.advance(10);
    v.sim.setFaults({});
    await v.clock.advance(1_000);
    expect(executor.journal.byIntent(a.intentId)[0]?.status).toBe('UNKNOWN');
    expect(executor.journal.byIntent(b.intentId)[0]?.status).toBe('SUBMITTING');
    await executor.reconcileNow();
    expect(executor.gate.marketHalted('BTCUSDT')).toBeUndefined();
    await settle(v, executor);
    expect(executor.journal.byIntent(a.intentId)[0]?.status).toBe('RECONCILED_EXECUTED');
    expect(executor.journal.byIntent(b.intentId)[0]?.status).toBe('FILLED');
    expect(executor.journal.byIntent(a.intentId)[0]?.tempId).not.toBe(
      executor.journal.byIntent(b.intentId)[0]?.tempId,
    );
    expect(sameExposure(executor.exposure(), await venueExposure(v))).toBe(true);
  });
});

describe('scenario 2: crash after the 201, before the tempId is journaled', () => {
  it('restarts with SUBMITTING, reconciles it by fingerprint and attaches the venue tempId', async () => {
    const v = await setupVenue();
    const path = tempJournalPath();
    const first = await startExecutor(v, {
      path,
      crash: (p) => {
        if (p === 'after201BeforeTempId') throw new SimulatedCrash(p);
      },
    });
    const intent = openIntent('s2');
    await first.executor.submit(intent);
    await v.clock.advance(10);
    expect(first.executor.isDead).toBe(true);
    const { executor } = await startExecutor(v, { path });
    await settle(v, executor);
    const r = executor.journal.byIntent(intent.intentId)[0];
    expect(['RECONCILED_EXECUTED', 'FILLED']).toContain(r?.status);
    expect(r?.tempId).toBe('tmp-0000001');
    expect(venueQuoteCount(v)).toBe(1);
    expect(show(executor.exposure())).toEqual({ 'BTCUSDT:LONG': '0.01' });
    expect(sameExposure(executor.exposure(), await venueExposure(v))).toBe(true);
  });
});

describe('scenario 3: crash with the request ACCEPTED and its outcome not known', () => {
  it('polls the tempId at boot, before anything trades, and applies the terminal status once', async () => {
    const v = await setupVenue({ fillLatencyMs: { min: 2_000, max: 2_000 } });
    const path = tempJournalPath();
    const first = await startExecutor(v, {
      path,
      crash: (p) => {
        if (p === 'midPoll') throw new SimulatedCrash(p);
      },
    });
    const intent = openIntent('s3');
    await first.executor.submit(intent);
    await v.clock.advance(300);
    expect(first.executor.isDead).toBe(true);
    const { executor } = await startExecutor(v, { path });
    expect(executor.journal.byIntent(intent.intentId)[0]?.status).toBe('ACCEPTED');
    await settle(v, executor);
    const r = executor.journal.byIntent(intent.intentId)[0];
    expect(statuses(executor, r!.clientRequestId)).toEqual(['CREATED', 'SUBMITTING', 'ACCEPTED', 'FILLED']);
    expect(executor.fills()).toHaveLength(1);
    expect(sameExposure(executor.exposure(), await venueExposure(v))).toBe(true);
  });
});

describe('scenario 4: 404 on the status right after the 201', () => {
  it('treats 404 inside the grace window as pending and ends FILLED, not rejected', async () => {
    const v = await setupVenue({ faults: { indexingLagMs: 3_000 } });
    const { executor } = await startExecutor(v, { path: tempJournalPath() });
    const intent = openIntent('s4');
    await executor.submit(intent);
    await settle(v, executor);
    const r = executor.journal.byIntent(intent.intentId)[0];
    expect(statuses(executor, r!.clientRequestId)).toEqual(['CREATED', 'SUBMITTING', 'ACCEPTED', 'FILLED']);
  });

  it('after the grace window and N positive 404s goes UNKNOWN and settles from positions by tempId', async () => {
    const v = await setupVenue({ faults: { indexingLagMs: 600_000 } });
    const { executor } = await startExecutor(v, {
      path: tempJournalPath(),
      execution: { poll: { notFoundGraceMs: 1_000, notFoundLimit: 3 } },
    });
    const intent = openIntent('s4b');
    await executor.submit(intent);
    await settle(v, executor);
    const r = executor.journal.byIntent(intent.intentId)[0];
    expect(statuses(executor, r!.clientRequestId)).toEqual([
      'CREATED',
      'SUBMITTING',
      'ACCEPTED',
      'UNKNOWN',
      'RECONCILED_EXECUTED',
    ]);
    expect(sameExposure(executor.exposure(), await venueExposure(v))).toBe(true);
  });
});

describe('scenario 5: status polls fail with network errors for minutes', () => {
  it('keeps the request ACCEPTED (errors are not "not found"), alerts on the outage, and finishes after recovery', async () => {
    const v = await setupVenue({ fillLatencyMs: { min: 1_000, max: 1_000 } });
    const { executor, events } = await startExecutor(v, { path: tempJournalPath() });
    const intent = openIntent('s5');
    await executor.submit(intent);
    await v.clock.advance(10);
    v.sim.setFaults({ errorRate: 1 });
    await v.clock.advance(180_000);
    expect(executor.journal.byIntent(intent.intentId)[0]?.status).toBe('ACCEPTED');
    expect(events.some((e) => e.type === 'alert' && e.code === 'STATUS_OUTAGE')).toBe(true);
    v.sim.setFaults({});
    await settle(v, executor);
    expect(executor.journal.byIntent(intent.intentId)[0]?.status).toBe('FILLED');
    expect(sameExposure(executor.exposure(), await venueExposure(v))).toBe(true);
  });
});

describe('scenario 5 past the deadline', () => {
  it('makes a request unknown (and blocks its market) once the outage outlasts its deadline', async () => {
    const v = await setupVenue({ fillLatencyMs: { min: 1_000, max: 1_000 } });
    const { executor } = await startExecutor(v, {
      path: tempJournalPath(),
      execution: { poll: { deadlineMs: 60_000 } },
    });
    const intent = openIntent('s5-deadline');
    await executor.submit(intent);
    await v.clock.advance(10);
    v.sim.setFaults({ errorRate: 1 });
    await v.clock.advance(70_000);
    expect(executor.journal.byIntent(intent.intentId)[0]?.status).toBe('UNKNOWN');
    expect(executor.index.isMarketUnresolved('BTCUSDT')).toBe(true);
    v.sim.setFaults({});
    await settle(v, executor);
    // On recovery the positions list settles it first (it shows the tempId filled).
    expect(executor.journal.byIntent(intent.intentId)[0]?.status).toBe('RECONCILED_EXECUTED');
    expect(sameExposure(executor.exposure(), await venueExposure(v))).toBe(true);
  });
});

describe('scenario 12: 429 on submit and on polling', () => {
  it('makes a 429 on submit UNKNOWN, never resends, and settles it from positions', async () => {
    const v = await setupVenue();
    const { executor, venueCalls } = await startExecutor(v, { path: tempJournalPath() });
    v.sim.setFaults({ rateLimit: { burstRate: 1, burstLength: 1, retryAfterSeconds: 1 } });
    const intent = openIntent('s12');
    await executor.submit(intent);
    await v.clock.advance(10);
    expect(executor.journal.byIntent(intent.intentId)[0]?.status).toBe('UNKNOWN');
    v.sim.setFaults({});
    await settle(v, executor);
    expect(executor.journal.byIntent(intent.intentId)[0]?.status).toBe('RECONCILED_NOT_EXECUTED');
    expect(venueQuoteCount(v)).toBe(0);
    expect(venueCalls()).toBe(1);
  });

  it('honours Retry-After on status polls: no poll is sent during the pause', async () => {
    const v = await setupVenue({ fillLatencyMs: { min: 5_000, max: 5_000 } });
    const { executor } = await startExecutor(v, { path: tempJournalPath() });
    const intent = openIntent('s12b');
    await executor.submit(intent);
    await v.clock.advance(10);
    v.sim.setFaults({ rateLimit: { burstRate: 1, burstLength: 1, retryAfterSeconds: 3 } });
    await v.clock.advance(250);
    const pollsAt429 = executor.tracker.polls;
    v.sim.setFaults({});
    await v.clock.advance(2_500);
    expect(executor.tracker.polls).toBe(pollsAt429);
    await settle(v, executor);
    expect(executor.journal.byIntent(intent.intentId)[0]?.status).toBe('FILLED');
  });
});

describe('scenario 13: 5xx or an unreadable answer on submit', () => {
  it('makes a 503 UNKNOWN and, with no trace at the venue after the settle window, RECONCILED_NOT_EXECUTED', async () => {
    const v = await setupVenue();
    const { executor, events } = await startExecutor(v, { path: tempJournalPath() });
    v.sim.setFaults({ errorRate: 1 });
    const intent = openIntent('s13');
    await executor.submit(intent);
    await v.clock.advance(10);
    expect(executor.journal.byIntent(intent.intentId)[0]?.status).toBe('UNKNOWN');
    v.sim.setFaults({});
    await settle(v, executor);
    const r = executor.journal.byIntent(intent.intentId)[0];
    expect(statuses(executor, r!.clientRequestId)).toEqual([
      'CREATED',
      'SUBMITTING',
      'UNKNOWN',
      'RECONCILED_NOT_EXECUTED',
    ]);
    expect(show(executor.exposure())).toEqual({});
    expect(events.some((e) => e.type === 'alert' && e.code === 'OUTCOME_UNKNOWN')).toBe(true);
    expect(executor.index.isMarketUnresolved('BTCUSDT')).toBe(false);
  });
});

describe('scenario 14: a definitive business reject', () => {
  it('journals REJECTED with the venue code and books nothing', async () => {
    const v = await setupVenue({ collateral: 10 });
    const { executor } = await startExecutor(v, { path: tempJournalPath() });
    const intent = openIntent('s14', { quantity: dec('1') });
    await executor.submit(intent);
    await settle(v, executor);
    const r = executor.journal.byIntent(intent.intentId)[0];
    expect(r?.status).toBe('REJECTED');
    expect(r?.errorCode).toBe('4000');
    expect(executor.fills()).toHaveLength(0);
    expect(executor.unresolved()).toHaveLength(0);
  });

  it('journals a 400 whose body names the refusal (NOTIONAL_OUT_OF_RANGE) REJECTED with its reason at once, the market not blocked', async () => {
    const v = await setupVenue();
    const { executor, events } = await startExecutor(v, { path: tempJournalPath() });
    // 60 BTC at 95,000 is a notional of 5.7 million, over the market's maximum of 5 million.
    const intent = openIntent('s14-notional', { quantity: dec('60'), leverage: 50 });
    await executor.submit(intent);
    await v.clock.advance(10);
    const r = executor.journal.byIntent(intent.intentId)[0];
    expect(statuses(executor, r!.clientRequestId)).toEqual(['CREATED', 'SUBMITTING', 'REJECTED']);
    expect(r?.errorCode).toBe('NOTIONAL_OUT_OF_RANGE');
    expect(r?.reason).toContain(
      'HTTP 400 (NOTIONAL_OUT_OF_RANGE: notional 5700000 of BTCUSDT is outside [100, 5000000])',
    );
    expect(executor.index.isMarketUnresolved('BTCUSDT')).toBe(false);
    expect(events.some((e) => e.type === 'alert' && e.code === 'OUTCOME_UNKNOWN')).toBe(false);
    expect((await executor.submit(openIntent('s14-next'))).status).toBe('accepted');
  });

  it('journals a batch item the venue refused for its notional REJECTED with its code, the other item accepted', async () => {
    const v = await setupVenue();
    const { executor } = await startExecutor(v, {
      path: tempJournalPath(),
      execution: { batchWindowMs: 50 },
    });
    const fine = openIntent('batch-fine');
    // 700 ETH at 3,200 is a notional of 2.24 million, over ETHUSDT's maximum of 2 million.
    const over = openIntent('batch-over', { symbol: ETH, quantity: dec('700'), leverage: 50 });
    await executor.submit(fine);
    await executor.submit(over);
    await v.clock.advance(100);
    const refused = executor.journal.byIntent(over.intentId)[0];
    expect(refused?.batchId).toBeDefined();
    expect(refused?.status).toBe('REJECTED');
    expect(refused?.errorCode).toBe('NOTIONAL_OUT_OF_RANGE');
    expect(executor.index.isMarketUnresolved('ETHUSDT')).toBe(false);
    expect(executor.journal.byIntent(fine.intentId)[0]?.status).not.toBe('UNKNOWN');
  });

  it('sends an open sized at the market minimum notional at the smallest quantity the market takes, never rounded under it', async () => {
    const v = await setupVenue();
    const { executor } = await startExecutor(v, { path: tempJournalPath() });
    executor.onPrices([{ symbol: BTC, mark: 95_000, ts: v.clock.now() }]);
    // `notional: 100` at 95,000: 0.00105… BTC, which rounded down (0.001) is 95, under the minimum of 100.
    const intent = openIntent('min-notional', { quantity: dec(100).div(95_000) });
    expect((await executor.submit(intent)).status).toBe('accepted');
    await settle(v, executor);
    const r = executor.journal.byIntent(intent.intentId)[0];
    expect(r?.quantity?.toString()).toBe('0.002');
    expect(r?.status).toBe('FILLED');
  });

  it('journals a solver refusal after acceptance as FAILED with its code', async () => {
    const v = await setupVenue({ faults: { solverRefusalRate: 1 } });
    const { executor } = await startExecutor(v, { path: tempJournalPath() });
    const intent = openIntent('s14b');
    await executor.submit(intent);
    await settle(v, executor);
    const r = executor.journal.byIntent(intent.intentId)[0];
    expect(r?.status).toBe('FAILED');
    expect(r?.errorCode).toBe('4006');
  });
});
