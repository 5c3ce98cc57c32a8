/**
 * Issue #10 item 4: one typed request from intent to wire. The builder rounds once; what is
 * journaled (order and params) is what the venue port is handed and what the simulator received.
 */

import { describe, expect, it } from 'vitest';
import type { IntentId } from '../../src/domain/ids.ts';
import { dec } from '../../src/domain/money.ts';
import type { RequestRecord } from '../../src/domain/request.ts';
import { wireParams } from '../../src/domain/requestOrder.ts';
import type { CloseOrder, OpenOrder } from '../../src/venue/VenuePort.ts';
import {
  closeIntent,
  openIntent,
  settle,
  setupVenue,
  startExecutor,
  tempJournalPath,
  venueWith,
} from './harness.ts';

type Venue = Awaited<ReturnType<typeof setupVenue>>;

/** The simulator's venue, keeping every open and close order it is handed, in order. */
function handedOrders(v: Venue) {
  const opens: OpenOrder[] = [];
  const closes: CloseOrder[] = [];
  const venue = venueWith(v.venue, {
    openPosition: (o) => {
      opens.push(o);
      return v.venue.openPosition(o);
    },
    closePosition: (o) => {
      closes.push(o);
      return v.venue.closePosition(o);
    },
  });
  return { venue, opens, closes };
}

/** The journaled requests of an open intent and of a close intent. */
function journaledPair(
  executor: Awaited<ReturnType<typeof startExecutor>>['executor'],
  open: { readonly intentId: IntentId },
  close: { readonly intentId: IntentId },
): { readonly o: RequestRecord; readonly c: RequestRecord } {
  return {
    o: executor.journal.byIntent(open.intentId)[0] as RequestRecord,
    c: executor.journal.byIntent(close.intentId)[0] as RequestRecord,
  };
}

describe('one typed request from intent to wire', () => {
  it('rounds a LIMIT open down to the market precision once, when built: journal, venue port and simulator agree', async () => {
    const v = await setupVenue();
    const handed: OpenOrder[] = [];
    const venue = venueWith(v.venue, {
      openPosition: (o) => {
        handed.push(o);
        return v.venue.openPosition(o);
      },
    });
    const { executor } = await startExecutor(v, { path: tempJournalPath(), venue });
    // BTCUSDT: 1 price decimal, 3 quantity decimals; the limit rests below the market.
    const intent = openIntent('limit', {
      orderType: 'LIMIT',
      limitPrice: dec('90000.19'),
      quantity: dec('0.0109'),
    });
    await executor.submit(intent);
    await v.clock.advance(2_000);
    const r = executor.journal.byIntent(intent.intentId)[0] as RequestRecord;
    expect(r.status).toBe('ACCEPTED');
    expect(wireParams(r.order)).toMatchObject({
      orderType: 'LIMIT',
      quantity: '0.01',
      limitPrice: '90000.1',
      leverage: 5,
    });
    if (r.order.kind !== 'open') throw new Error(`an open was journaled as ${r.order.kind}`);
    expect([r.order.quantity.toString(), r.order.limitPrice?.toString()]).toEqual(['0.01', '90000.1']);
    // Handed over as built: the very Decimals of the journaled order, not a re-parse of params.
    expect(handed[0]?.limitPrice).toBe(r.order.limitPrice);
    expect(handed[0]?.quantity).toBe(r.order.quantity);
    const quote = v.sim.engine.request(r.tempId as string)?.quote;
    expect([quote?.quantity.toString(), quote?.limitPrice?.toString()]).toEqual(['0.01', '90000.1']);
    await executor.stop();
  });

  it('rounds a LIMIT close price down to the market precision when built, and sends that price', async () => {
    const v = await setupVenue();
    const handed: CloseOrder[] = [];
    const venue = venueWith(v.venue, {
      closePosition: (o) => {
        handed.push(o);
        return v.venue.closePosition(o);
      },
    });
    const { executor } = await startExecutor(v, { path: tempJournalPath(), venue });
    const open = openIntent('to-close');
    await executor.submit(open);
    expect(await settle(v, executor)).toBe(true);
    const close = closeIntent('limit-close', open, { orderType: 'LIMIT', closePrice: dec('190000.27') });
    await executor.submit(close);
    await v.clock.advance(2_000);
    const r = executor.journal.byIntent(close.intentId)[0] as RequestRecord;
    expect(wireParams(r.order)).toMatchObject({
      orderType: 'LIMIT',
      quantityToClose: '0.01',
      closePrice: '190000.2',
    });
    expect(r.order.kind === 'close' && r.order.closePrice?.toString()).toBe('190000.2');
    expect(handed[0]?.closePrice?.toString()).toBe('190000.2');
    expect(v.sim.engine.request(r.tempId as string)?.price?.toString()).toBe('190000.2');
    await executor.stop();
  });

  it('journals a MARKET open and close with their slippage and hands the venue that very Decimal', async () => {
    const v = await setupVenue();
    const { venue, opens, closes } = handedOrders(v);
    const { executor } = await startExecutor(v, { path: tempJournalPath(), venue });
    const open = openIntent('slipped', { slippage: dec('0.05') });
    await executor.submit(open);
    expect(await settle(v, executor)).toBe(true);
    const close = closeIntent('slipped-close', open, { slippage: dec('0.07') });
    await executor.submit(close);
    expect(await settle(v, executor)).toBe(true);
    const { o, c } = journaledPair(executor, open, close);
    if (o.order.kind !== 'open' || c.order.kind !== 'close') throw new Error('journaled as the wrong kinds');
    expect([o.order.slippage?.toString(), 'limitPrice' in o.order]).toEqual(['0.05', false]);
    expect([c.order.slippage?.toString(), 'closePrice' in c.order]).toEqual(['0.07', false]);
    expect(opens[0]?.slippage).toBe(o.order.slippage);
    expect(closes[0]?.slippage).toBe(c.order.slippage);
    expect(v.sim.engine.request(o.tempId as string)?.quote.slippage?.toString()).toBe('0.05');
    expect(v.sim.engine.request(c.tempId as string)?.slippage?.toString()).toBe('0.07');
    await executor.stop();
  });

  it('sends a LIMIT open and a LIMIT close given a slippage with both their price and that slippage, as journaled: the venue refuses both', async () => {
    const v = await setupVenue();
    const { venue, opens, closes } = handedOrders(v);
    const { executor } = await startExecutor(v, { path: tempJournalPath(), venue });
    const held = openIntent('held');
    await executor.submit(held);
    expect(await settle(v, executor)).toBe(true);
    const open = openIntent('limit-slipped', {
      orderType: 'LIMIT',
      limitPrice: dec(90_000),
      slippage: dec('0.05'),
    });
    const close = closeIntent('limit-slipped-close', held, {
      orderType: 'LIMIT',
      closePrice: dec(190_000),
      slippage: dec('0.07'),
    });
    await executor.submit(open);
    await executor.submit(close);
    await v.clock.advance(2_000);
    const { o, c } = journaledPair(executor, open, close);
    if (o.order.kind !== 'open' || c.order.kind !== 'close') throw new Error('journaled as the wrong kinds');
    expect([o.order.limitPrice?.toString(), o.order.slippage?.toString()]).toEqual(['90000', '0.05']);
    expect([c.order.closePrice?.toString(), c.order.slippage?.toString()]).toEqual(['190000', '0.07']);
    expect([opens[1]?.limitPrice?.toString(), opens[1]?.slippage?.toString()]).toEqual(['90000', '0.05']);
    expect([closes[0]?.closePrice?.toString(), closes[0]?.slippage?.toString()]).toEqual(['190000', '0.07']);
    // The simulator, as the venue's spec: slippage only for MARKET orders.
    expect([o.status, o.errorCode, c.status, c.errorCode]).toEqual([
      'REJECTED',
      'VALIDATION',
      'REJECTED',
      'VALIDATION',
    ]);
    await executor.stop();
  });

  it('journals a MARKET open and close given no slippage with no slippage or price key, and hands the venue none', async () => {
    const v = await setupVenue();
    const { venue, opens, closes } = handedOrders(v);
    const { executor } = await startExecutor(v, { path: tempJournalPath(), venue });
    const open = openIntent('plain');
    await executor.submit(open);
    expect(await settle(v, executor)).toBe(true);
    const close = closeIntent('plain-close', open);
    await executor.submit(close);
    expect(await settle(v, executor)).toBe(true);
    const { o, c } = journaledPair(executor, open, close);
    expect(Object.keys(o.order)).toEqual(['kind', 'marketId', 'side', 'orderType', 'quantity', 'leverage']);
    expect(Object.keys(c.order)).toEqual(['kind', 'quoteId', 'quantity', 'orderType']);
    expect(Object.keys(opens[0] ?? {})).toEqual(['symbol', 'side', 'quantity', 'leverage', 'orderType']);
    expect(Object.keys(closes[0] ?? {})).toEqual(['quoteId', 'quantity', 'orderType']);
    await executor.stop();
  });

  it('journals a close named by its quote with the side of the position it closes', async () => {
    const v = await setupVenue();
    const { executor } = await startExecutor(v, { path: tempJournalPath() });
    const open = openIntent('by-quote', { side: 'SHORT' });
    await executor.submit(open);
    expect(await settle(v, executor)).toBe(true);
    const quoteId = executor.journal.byIntent(open.intentId)[0]?.quoteId;
    if (quoteId === undefined) throw new Error('the open has no quote');
    const close = closeIntent('by-quote-close', open, { position: { by: 'quote', quoteId } });
    expect((await executor.submit(close)).status).toBe('accepted');
    expect(executor.journal.byIntent(close.intentId)[0]?.side).toBe('SHORT');
    await executor.stop();
  });
});
