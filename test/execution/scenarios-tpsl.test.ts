/**
 * TP/SL through the executor (issue #11): set on open (held until the fill), replace, clear, a lost
 * answer settled from the venue's TP/SL list, and a close the venue makes by firing a leg booked
 * to the strategy that opened the position. Real simulator, real client, VirtualClock.
 */
import { describe, expect, it } from 'vitest';
import type { Fill } from '../../src/domain/fill.ts';
import type { QuoteId } from '../../src/domain/ids.ts';
import type { OpenIntent, PositionRef, SetTpSlIntent } from '../../src/domain/intent.ts';
import { deriveIntentId } from '../../src/domain/intentId.ts';
import { type Decimal, dec } from '../../src/domain/money.ts';
import type { RequestRecord } from '../../src/domain/request.ts';
import type { PriceTick } from '../../src/domain/tick.ts';
import { TransientVenueError } from '../../src/errors/venueErrors.ts';
import type { ExecutionEvent } from '../../src/execution/events.ts';
import {
  BTC,
  manualTrader,
  openIntent,
  S1,
  sameExposure,
  settle,
  setupVenue,
  show,
  startExecutor,
  tempJournalPath,
  type Venue,
  venueExposure,
  venueWith,
} from './harness.ts';
import { venueFillOf } from './venueFills.ts';

function tpslIntent(
  signal: string,
  position: PositionRef,
  legs: { takeProfit?: Decimal | null; stopLoss?: Decimal | null },
): SetTpSlIntent {
  return {
    kind: 'setTpSl',
    intentId: deriveIntentId(S1, signal),
    strategyId: S1,
    createdAt: 0,
    symbol: BTC,
    position,
    ...legs,
  };
}

const byIntent = (open: OpenIntent): PositionRef => ({ by: 'intent', intentId: open.intentId });
const markOf = (v: Venue): number => v.sim.engine.mark('BTCUSDT')?.mark as number;

/** Moves the venue's mark to `to` in `steps` ticks a second apart, as a price feed would. */
async function walk(v: Venue, to: number, steps = 5): Promise<void> {
  const from = markOf(v);
  for (let i = 1; i <= steps; i++) {
    v.sim.engine.setMark('BTCUSDT', from + ((to - from) * i) / steps);
    await v.clock.advance(1_000);
  }
}

const requestsOf = (events: readonly ExecutionEvent[], kind: string): RequestRecord[] => {
  const out = new Map<string, RequestRecord>();
  for (const e of events)
    if (e.type === 'requestTransition' && e.record.kind === kind) out.set(e.clientRequestId, e.record);
  return [...out.values()];
};

/** The price the venue filled the close its trigger sent at, for a TP/SL fill of the ledger. */
const venuePrice = (v: Venue, f: Fill | undefined): string | undefined =>
  f === undefined ? undefined : venueFillOf(v.sim.engine, f, () => undefined)?.price.toString();

const closesOf = (ex: { fills(): readonly Fill[] }) => ex.fills().filter((f) => f.effect === 'close');

const alerts = (events: readonly ExecutionEvent[], code: string) =>
  events.filter((e) => e.type === 'alert' && e.code === code);

async function quoteOf(
  v: Venue,
  ex: { journal: { byIntent(id: OpenIntent['intentId']): readonly RequestRecord[] } },
  open: OpenIntent,
) {
  const q = ex.journal.byIntent(open.intentId).find((r) => r.quoteId !== undefined)?.quoteId as QuoteId;
  const [row] = await v.venue.listTpSl([q]);
  return { quoteId: q, row };
}

describe('TP/SL on open', () => {
  it('opens with TP/SL, the price walks through the TP, the venue closes the position, and the ledger books the close to the strategy', async () => {
    const v = await setupVenue();
    const { executor, events } = await startExecutor(v, { path: tempJournalPath() });
    const m0 = markOf(v);
    const tp = dec(Math.round(m0 * 1.02));
    const sl = dec(Math.round(m0 * 0.97));
    const open = openIntent('tp-open');
    // As toDomainIntents gives them: the open, then its TP/SL by intent id, in the same turn.
    const [a, b] = await Promise.all([
      executor.submit(open),
      executor.submit(tpslIntent('tp-set', byIntent(open), { takeProfit: tp, stopLoss: sl })),
    ]);
    expect([a.status, b.status]).toEqual(['accepted', 'accepted']);
    expect(await settle(v, executor)).toBe(true);
    const { quoteId, row } = await quoteOf(v, executor, open);
    expect([row?.takeProfit?.toString(), row?.stopLoss?.toString()]).toEqual([tp.toString(), sl.toString()]);

    await walk(v, m0 * 1.03);
    await v.clock.advance(1_000); // the venue's MARKET close fills after its latency
    expect(await venueExposure(v)).toEqual(new Map());
    await executor.reconcileNow();

    const closes = executor.fills().filter((f) => f.effect === 'close');
    expect(closes).toHaveLength(1);
    const [tpsl] = requestsOf(events, 'setTpSl');
    expect(closes[0]).toMatchObject({
      strategyId: S1,
      quoteId,
      clientRequestId: tpsl?.clientRequestId,
      quantity: dec('0.01'),
    });
    // At the venue's fill of the MARKET close the leg sent, not at the leg.
    expect(closes[0]?.price.toString()).toBe(venuePrice(v, closes[0]));
    expect(closes[0]?.price.equals(tp)).toBe(false);
    expect(closes[0]?.fee.greaterThan(0)).toBe(true);
    expect(executor.ledger.openLots()).toEqual([]);
    expect(executor.ledger.summary(S1).realised.greaterThan(0)).toBe(true);
    expect(events.filter((e) => e.type === 'tpslClosed')).toMatchObject([
      { quoteId, strategyId: S1, leg: 'takeProfit', price: venuePrice(v, closes[0]), estimated: false },
    ]);
    expect(alerts(events, 'RECONCILED_CLOSE')).toEqual([]);
    expect(alerts(events, 'EXTERNAL_POSITION')).toEqual([]);
    // A later reconciliation finds nothing left to do.
    await v.clock.advance(10_000);
    await executor.reconcileNow();
    expect(executor.fills().filter((f) => f.effect === 'close')).toHaveLength(1);
    expect(sameExposure(executor.exposure(), await venueExposure(v))).toBe(true);
  });

  it("books a stop-loss close at the venue's fill, to the strategy, when the price rises through a short's SL", async () => {
    const v = await setupVenue();
    const { executor, events } = await startExecutor(v, { path: tempJournalPath() });
    const m0 = markOf(v);
    const sl = dec(Math.round(m0 * 0.98));
    const open = openIntent('sl-open', { side: 'SHORT' });
    const slShort = dec(Math.round(m0 * 1.02));
    await executor.submit(open);
    await executor.submit(tpslIntent('sl-set', byIntent(open), { stopLoss: slShort }));
    await settle(v, executor);
    await walk(v, m0 * 1.025);
    await v.clock.advance(1_000);
    await executor.reconcileNow();
    const closes = closesOf(executor);
    expect(closes).toMatchObject([{ strategyId: S1, side: 'SHORT' }]);
    expect(closes[0]?.price.toString()).toBe(venuePrice(v, closes[0]));
    expect(events.filter((e) => e.type === 'tpslClosed')).toMatchObject([{ leg: 'stopLoss' }]);
    expect(executor.ledger.summary(S1).realised.lessThan(0)).toBe(true);
    expect(sl.greaterThan(0)).toBe(true);
  });

  it('sends the TP/SL only after its open filled: no TP/SL call while the open is pending', async () => {
    const v = await setupVenue({ fillLatencyMs: { min: 2_000, max: 2_000 } });
    const { executor, events } = await startExecutor(v, { path: tempJournalPath() });
    const open = openIntent('wait-open');
    await executor.submit(open);
    await executor.submit(
      tpslIntent('wait-set', byIntent(open), { takeProfit: dec(Math.round(markOf(v) * 1.05)) }),
    );
    await v.clock.advance(1_500);
    expect(events.some((e) => e.type === 'venueCall' && e.kind === 'setTpSl')).toBe(false);
    expect(requestsOf(events, 'setTpSl').map((r) => r.status)).toEqual([]);
    await settle(v, executor);
    const order = events.flatMap((e) =>
      e.type === 'requestTransition' && (e.to === 'FILLED' || e.to === 'SUBMITTING')
        ? [`${e.record.kind}:${e.to}`]
        : [],
    );
    expect(order).toEqual(['open:SUBMITTING', 'open:FILLED', 'setTpSl:SUBMITTING', 'setTpSl:FILLED']);
  });

  it('keeps a TP/SL waiting for its open across a restart and sets it once the open fills', async () => {
    const v = await setupVenue({ fillLatencyMs: { min: 3_000, max: 3_000 } });
    const path = tempJournalPath();
    const first = await startExecutor(v, { path });
    const open = openIntent('restart-open');
    const tp = dec(Math.round(markOf(v) * 1.05));
    await first.executor.submit(open);
    await first.executor.submit(tpslIntent('restart-set', byIntent(open), { takeProfit: tp }));
    await v.clock.advance(500);
    await first.executor.stop();
    const held = first.executor.journal.byIntent(deriveIntentId(S1, 'restart-set'));
    expect(held.map((r) => r.status)).toEqual(['CREATED']);
    const again = await startExecutor(v, { path });
    expect(await settle(v, again.executor)).toBe(true);
    expect((await quoteOf(v, again.executor, open)).row?.takeProfit?.toString()).toBe(tp.toString());
    expect(requestsOf(again.events, 'setTpSl').map((r) => r.status)).toEqual(['FILLED']);
  });

  it('stops without waiting out the drain for a TP/SL held behind an open whose outcome is unknown', async () => {
    const v = await setupVenue();
    const venue = venueWith(v.venue, {
      openPosition: async (order) => {
        await v.venue.openPosition(order);
        throw new TransientVenueError('connection reset after the request was sent');
      },
    });
    const { executor } = await startExecutor(v, { path: tempJournalPath(), venue });
    const open = openIntent('drain-open');
    await executor.submit(open);
    await executor.submit(
      tpslIntent('drain-set', byIntent(open), { takeProfit: dec(Math.round(markOf(v) * 1.05)) }),
    );
    await v.clock.advance(10);
    expect(executor.journal.byIntent(open.intentId)[0]?.status).toBe('UNKNOWN');
    const t0 = v.clock.now();
    let stopped = false;
    const stopping = executor.stop({ drainMs: 10_000 }).then(() => {
      stopped = true;
    });
    await v.clock.runUntil(() => stopped, 20_000);
    await stopping;
    expect(v.clock.now() - t0).toBeLessThan(1_000);
    expect(executor.journal.byIntent(deriveIntentId(S1, 'drain-set'))[0]?.status).toBe('CREATED');
  });

  it('never sends the TP/SL of an open the venue refused, and records it NOT_SENT', async () => {
    const v = await setupVenue({ collateral: 1_000 });
    const { executor, events } = await startExecutor(v, { path: tempJournalPath() });
    const open = openIntent('poor-open', { quantity: dec('5') });
    await executor.submit(open);
    const r = await executor.submit(tpslIntent('poor-set', byIntent(open), { takeProfit: dec(200_000) }));
    expect(r.status).toBe('accepted');
    await settle(v, executor);
    expect(executor.journal.byIntent(open.intentId)[0]?.status).toBe('REJECTED');
    expect(requestsOf(events, 'setTpSl').map((x) => x.status)).toEqual(['NOT_SENT']);
    expect(events.some((e) => e.type === 'venueCall' && e.kind === 'setTpSl')).toBe(false);
  });

  it('refuses a TP/SL on a position nobody holds, and one that names neither leg', async () => {
    const v = await setupVenue();
    const { executor } = await startExecutor(v, { path: tempJournalPath() });
    const none = await executor.submit(
      tpslIntent('ghost', { by: 'quote', quoteId: '999' as QuoteId }, { takeProfit: dec(1) }),
    );
    expect(none.status === 'denied' && none.reason).toBe('UNKNOWN_POSITION');
    const open = openIntent('legless-open');
    await executor.submit(open);
    await settle(v, executor);
    const empty = await executor.submit(tpslIntent('legless', byIntent(open), {}));
    expect(empty.status === 'denied' && empty.message).toMatch(/neither takeProfit nor stopLoss/);
  });
});

describe('TP/SL on an open position', () => {
  it('replaces one leg and keeps the other, then clears both so that a walk through the old TP leaves the position open', async () => {
    const v = await setupVenue();
    const { executor } = await startExecutor(v, { path: tempJournalPath() });
    const m0 = markOf(v);
    const open = openIntent('rep-open');
    await executor.submit(open);
    await settle(v, executor);
    const pos = byIntent(open);
    const tp1 = dec(Math.round(m0 * 1.02));
    const tp2 = dec(Math.round(m0 * 1.04));
    const sl = dec(Math.round(m0 * 0.95));
    await executor.submit(tpslIntent('rep-1', pos, { takeProfit: tp1, stopLoss: sl }));
    await settle(v, executor);
    await executor.submit(tpslIntent('rep-2', pos, { takeProfit: tp2 }));
    await settle(v, executor);
    let { row } = await quoteOf(v, executor, open);
    expect([row?.takeProfit?.toString(), row?.stopLoss?.toString()]).toEqual([tp2.toString(), sl.toString()]);
    await executor.submit(tpslIntent('rep-3', pos, { takeProfit: null, stopLoss: null }));
    await settle(v, executor);
    ({ row } = await quoteOf(v, executor, open));
    expect([row?.takeProfit, row?.stopLoss]).toEqual([null, null]);
    await walk(v, m0 * 1.05);
    await executor.reconcileNow();
    expect(show(await venueExposure(v))).toEqual({ 'BTCUSDT:LONG': '0.01' });
    expect(show(executor.exposure())).toEqual({ 'BTCUSDT:LONG': '0.01' });
  });

  it('passes TP/SL while trading is halted (it adds no exposure) but not while the close permission is halted', async () => {
    const v = await setupVenue();
    const { executor } = await startExecutor(v, { path: tempJournalPath() });
    const open = openIntent('halt-open');
    await executor.submit(open);
    await settle(v, executor);
    await executor.halt({ reason: 'test', closeAll: false });
    const tp = dec(Math.round(markOf(v) * 1.05));
    expect((await executor.submit(tpslIntent('halt-set', byIntent(open), { takeProfit: tp }))).status).toBe(
      'accepted',
    );
    await settle(v, executor);
    expect((await quoteOf(v, executor, open)).row?.takeProfit?.toString()).toBe(tp.toString());
    executor.gate.haltCapability('close', '403 on close');
    const denied = await executor.submit(
      tpslIntent('halt-set-2', byIntent(open), { takeProfit: tp.plus(10) }),
    );
    expect(denied.status === 'denied' && denied.reason).toBe('CAPABILITY_HALTED');
  });

  it('records a TP/SL on the wrong side of the mark as REJECTED with the venue code, and sends it once', async () => {
    const v = await setupVenue();
    const { executor, events } = await startExecutor(v, { path: tempJournalPath() });
    const open = openIntent('wrong-open');
    await executor.submit(open);
    await settle(v, executor);
    await executor.submit(
      tpslIntent('wrong-set', byIntent(open), { takeProfit: dec(Math.round(markOf(v) * 0.9)) }),
    );
    await settle(v, executor);
    expect(requestsOf(events, 'setTpSl').map((r) => [r.status, r.errorCode])).toEqual([
      ['REJECTED', 'INVALID_TPSL'],
    ]);
    expect(events.filter((e) => e.type === 'venueCall' && e.kind === 'setTpSl')).toHaveLength(1);
  });

  it('settles a TP/SL set whose answer was lost from the venue TP/SL list, without sending it again', async () => {
    const v = await setupVenue();
    let sets = 0;
    const venue = venueWith(v.venue, {
      setTpSl: async (order) => {
        sets++;
        await v.venue.setTpSl(order);
        throw new TransientVenueError('connection reset after the request was sent');
      },
    });
    const { executor, events } = await startExecutor(v, { path: tempJournalPath(), venue });
    const open = openIntent('lost-open');
    await executor.submit(open);
    const tp = dec(Math.round(markOf(v) * 1.05));
    await executor.submit(tpslIntent('lost-set', byIntent(open), { takeProfit: tp }));
    const tpslStatus = () => requestsOf(events, 'setTpSl').map((r) => r.status);
    await v.clock.runUntil(() => tpslStatus()[0] === 'UNKNOWN', 20_000);
    // An unknown TP/SL blocks no market: it adds no exposure.
    expect(executor.index.isMarketUnresolved('BTCUSDT')).toBe(false);
    await settle(v, executor, 20_000); // the convergence re-reconcile reads the venue's TP/SL list
    expect(tpslStatus()).toEqual(['RECONCILED_EXECUTED']);
    expect(sets).toBe(1);
    // Its legs count as armed: a walk through the TP is booked as the strategy's TP close.
    await walk(v, markOf(v) * 1.06);
    await v.clock.advance(1_000);
    await executor.reconcileNow();
    const closes = closesOf(executor);
    expect(closes).toMatchObject([{ strategyId: S1 }]);
    expect(closes[0]?.price.toString()).toBe(venuePrice(v, closes[0]));
  });
});

describe('the price feed as evidence of a fired leg', () => {
  /** The mark to `to` at the venue and in the executor's price feed, as the kernel feeds both. */
  async function feed(v: Venue, ex: { onPrices: (t: PriceTick[]) => void }, to: number): Promise<void> {
    v.sim.engine.setMark('BTCUSDT', to);
    ex.onPrices([{ symbol: BTC, mark: to, ts: v.clock.now() }]);
    await v.clock.advance(500);
  }

  it('books the TP close from the crossing its price feed saw, even when the price came back before reconciliation', async () => {
    const v = await setupVenue();
    const { executor, events } = await startExecutor(v, { path: tempJournalPath() });
    const m0 = markOf(v);
    const tp = dec(Math.round(m0 * 1.02));
    const open = openIntent('back-open');
    await executor.submit(open);
    await executor.submit(
      tpslIntent('back-set', byIntent(open), { takeProfit: tp, stopLoss: dec(Math.round(m0 * 0.9)) }),
    );
    await settle(v, executor);
    await feed(v, executor, m0 * 1.025);
    await feed(v, executor, m0);
    await v.clock.advance(1_000);
    await executor.reconcileNow();
    const closes = closesOf(executor);
    expect(closes).toMatchObject([{ strategyId: S1 }]);
    expect(closes[0]?.price.toString()).toBe(venuePrice(v, closes[0]));
    expect(alerts(events, 'RECONCILED_CLOSE')).toEqual([]);
  });

  it('books the close a few seconds after its price feed crossed a leg, without waiting for the periodic reconciliation', async () => {
    const v = await setupVenue();
    const { executor } = await startExecutor(v, {
      path: tempJournalPath(),
      execution: { reconcile: { intervalMs: 3_600_000 } },
    });
    const m0 = markOf(v);
    const open = openIntent('soon-open');
    await executor.submit(open);
    await executor.submit(tpslIntent('soon-set', byIntent(open), { stopLoss: dec(Math.round(m0 * 0.98)) }));
    await settle(v, executor);
    await feed(v, executor, m0 * 0.97);
    await v.clock.advance(6_000);
    expect(executor.fills().filter((f) => f.effect === 'close')).toMatchObject([{ strategyId: S1 }]);
    expect(executor.ledger.openLots()).toEqual([]);
  });
});

describe('a close the venue made without our TP/SL', () => {
  it('is not claimed as a TP/SL close when the mark sits between the legs (closed by hand): it converges with its alert', async () => {
    const v = await setupVenue();
    const { executor, events } = await startExecutor(v, { path: tempJournalPath() });
    const m0 = markOf(v);
    const open = openIntent('hand-open');
    await executor.submit(open);
    await executor.submit(
      tpslIntent('hand-set', byIntent(open), {
        takeProfit: dec(Math.round(m0 * 1.05)),
        stopLoss: dec(Math.round(m0 * 0.95)),
      }),
    );
    await settle(v, executor);
    const { quoteId } = await quoteOf(v, executor, open);
    await manualTrader(v).closePosition({ quoteId, quantity: dec('0.01'), orderType: 'MARKET' });
    await v.clock.advance(1_000);
    await executor.reconcileNow();
    expect(events.filter((e) => e.type === 'tpslClosed')).toEqual([]);
    await v.clock.advance(6_000);
    await executor.reconcileNow();
    expect(alerts(events, 'RECONCILED_CLOSE')).toHaveLength(1);
    expect(executor.fills().filter((f) => f.effect === 'close')).toMatchObject([{ strategyId: S1 }]);
  });
});
