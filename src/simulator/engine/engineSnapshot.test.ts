import { describe, expect, it } from 'vitest';
import type { EngineSnapshot } from './engineSnapshot.ts';
import { engine, openOn } from './testEngine.ts';

/** A snapshot as it comes back from disk. */
const roundTrip = (s: EngineSnapshot): EngineSnapshot => JSON.parse(JSON.stringify(s));

const view = (e: ReturnType<typeof engine>) => ({
  positions: e.e.positions(e.sub).map((q) => ({
    id: q.quoteId,
    side: q.side,
    open: q.quantity.minus(q.closedAmount).toString(),
    entry: q.openedPrice?.toString(),
    tp: q.takeProfit?.toString() ?? null,
  })),
  balance: Object.fromEntries(Object.entries(e.e.balance(e.sub)).map(([k, v]) => [k, v.toString()])),
});

describe('engine snapshot and restore (a paper account across restarts)', () => {
  it('restores positions, TP/SL, collateral and marks into a fresh engine with the same subaccount', () => {
    const before = engine();
    const a = openOn(before.e, before.sub);
    const b = openOn(before.e, before.sub, { positionType: 'SHORT', quantity: 0.02, leverage: 5 });
    before.clock.advanceSync(100);
    before.e.setTpSl(a.quote, 120_000, 90_000);
    before.e.submitClose(b.quote, { quantityToClose: 0.005, orderType: 'MARKET' });
    before.clock.advanceSync(100);
    before.e.setMark('BTCUSDT', 101_000);
    const after = engine();
    after.e.restore(roundTrip(before.e.snapshot()));
    expect(view(after)).toEqual(view(before));
    expect(view(after).positions).toHaveLength(2);
  });

  it('keeps a position whose close was in flight, open (the restart ends the close unfilled)', () => {
    const before = engine();
    const a = openOn(before.e, before.sub);
    before.clock.advanceSync(100);
    before.e.submitClose(a.quote, { quantityToClose: 0.01, orderType: 'MARKET' });
    const after = engine();
    after.e.restore(roundTrip(before.e.snapshot()));
    expect(after.e.positions(after.sub).map((q) => [q.quoteId, q.status])).toEqual([
      [a.quote.quoteId, 'OPENED'],
    ]);
  });

  it('never reissues a tempId or position id the snapshot had issued', () => {
    const before = engine();
    const a = openOn(before.e, before.sub);
    before.clock.advanceSync(100);
    const after = engine();
    after.e.restore(roundTrip(before.e.snapshot()));
    const next = openOn(after.e, after.sub);
    after.clock.advanceSync(100);
    expect(next.tempId).not.toBe(a.tempId);
    expect(Number(next.quote.quoteId)).toBeGreaterThan(Number(a.quote.quoteId));
  });

  it('a restored TP fires on the restored engine', () => {
    const before = engine();
    const a = openOn(before.e, before.sub);
    before.clock.advanceSync(100);
    before.e.setTpSl(a.quote, 120_000, null);
    const after = engine();
    after.e.restore(roundTrip(before.e.snapshot()));
    after.e.setMark('BTCUSDT', 121_000);
    after.clock.advanceSync(5_000);
    expect(after.e.positions(after.sub)).toHaveLength(0);
  });

  it('answers a poll of a request pending at the snapshot with EXPIRED, and of a filled one as before', () => {
    const before = engine();
    const filled = openOn(before.e, before.sub);
    before.clock.advanceSync(100);
    const pending = openOn(before.e, before.sub);
    const after = engine();
    after.e.restore(roundTrip(before.e.snapshot()));
    expect(after.e.request(pending.tempId)?.status).toBe('EXPIRED');
    expect(after.e.request(pending.tempId)?.reason).toMatch(/restarted before this request was filled/);
    expect(after.e.request(filled.tempId)?.status).toBe('OPENED');
    expect(after.e.request(filled.tempId)?.quote.quoteId).toBe(filled.quote.quoteId);
    expect(after.e.positions(after.sub)).toHaveLength(1);
  });

  it('restores the marks into an engine that had read them before (its last lookup must not go stale)', () => {
    const before = engine();
    before.e.setMark('BTCUSDT', 101_000);
    const after = engine();
    const market = after.e.marketBySymbol('BTCUSDT');
    if (market === undefined) throw new Error('no BTCUSDT');
    const stale = after.e.solverPrice(market, true).toString();
    after.e.restore(roundTrip(before.e.snapshot()));
    expect(after.e.mark('BTCUSDT')?.mark).toBe(101_000);
    expect(after.e.solverPrice(market, true).toString()).toBe(before.e.solverPrice(market, true).toString());
    expect(after.e.solverPrice(market, true).toString()).not.toBe(stale);
  });

  it('keeps a request answered longer ago than the window only while its client still asks about it', () => {
    const before = engine();
    const asked = openOn(before.e, before.sub);
    const known = openOn(before.e, before.sub);
    before.clock.advanceSync(100);
    before.clock.advanceSync(60_001);
    const recent = openOn(before.e, before.sub);
    before.clock.advanceSync(100);
    const keep = { answeredWithinMs: 60_000, asked: () => [asked.tempId] };
    const kept = before.e.snapshot(keep).requests.map((r) => r.tempId);
    expect(kept.sort()).toEqual([asked.tempId, recent.tempId].sort());
    expect(kept).not.toContain(known.tempId);
    const after = engine();
    after.e.restore(roundTrip(before.e.snapshot(keep)));
    expect(after.e.request(asked.tempId)?.status).toBe('OPENED');
  });
});
