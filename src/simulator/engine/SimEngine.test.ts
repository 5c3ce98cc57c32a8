import { describe, expect, it } from 'vitest';
import { dec } from '../../domain/money.ts';
import { PLATFORM_FEE } from './SimEngine.ts';
import { engine, openOn } from './testEngine.ts';

describe('SimEngine accounting', () => {
  it('charges exactly the platform and solver fees on a round trip at an unchanged price', () => {
    const { clock, e, sub } = engine();
    const open = openOn(e, sub, { orderType: 'LIMIT', limitPrice: 95_000 });
    clock.advanceSync(100);
    expect(open.status).toBe('OPENED');
    const close = e.submitClose(open.quote, {
      quantityToClose: 0.01,
      orderType: 'LIMIT',
      closePrice: 95_000,
    });
    clock.advanceSync(100);
    expect(close.status).toBe('CLOSED');
    const notional = dec(950);
    const fees = notional.times(PLATFORM_FEE.plus('0.0006')).times(2);
    expect(sub.collateral.toFixed()).toBe(dec(10_000).minus(fees).toFixed());
    expect([sub.reserving, sub.reservedN]).toEqual([0, 0]);
    expect(sub.exposures.size).toBe(0);
  });

  it('reserves margin for a pending open and releases it on cancel', () => {
    const { clock, e, sub } = engine();
    const before = e.balance(sub).availableMargin;
    const r = openOn(e, sub, { orderType: 'LIMIT', limitPrice: 90_000 });
    expect(e.balance(sub).availableMargin.lessThan(before)).toBe(true);
    e.submitCancelOpen(r.quote);
    clock.advanceSync(100);
    expect(r.status).toBe('CANCELED');
    expect(e.balance(sub).availableMargin.toFixed()).toBe(before.toFixed());
  });

  it("reserves a MARKET open at the solver's price, and books it at the fill price when the mark moved", () => {
    const { clock, e, sub } = engine();
    const btc = e.markets[0];
    if (!btc) throw new Error('no market');
    const rate = PLATFORM_FEE.plus(btc.spec.hedgerFeeOpen);
    const costAt = (price: ReturnType<typeof dec>) => {
      const notional = dec(0.01).times(price);
      return { margin: notional.div(10), fees: notional.times(rate) };
    };
    const buyNow = e.solverPrice(btc, true);
    const first = openOn(e, sub);
    const at = costAt(buyNow);
    expect(e.balance(sub).lockedMargin.toFixed()).toBe(at.margin.plus(at.fees).toFixed());
    expect(e.positions(sub)[0]?.margin.toFixed()).toBe(at.margin.toFixed());
    clock.advanceSync(100);
    expect(first.status).toBe('OPENED');
    expect(first.avgPrice?.toFixed()).toBe(buyNow.toFixed());
    expect(first.quote.margin.toFixed()).toBe(at.margin.toFixed());
    const second = openOn(e, sub);
    e.setMark('BTCUSDT', 95_100);
    const moved = e.solverPrice(btc, true);
    clock.advanceSync(100);
    expect(second.status).toBe('OPENED');
    expect(second.avgPrice?.toFixed()).toBe(moved.toFixed());
    expect(second.quote.margin.toFixed()).toBe(costAt(moved).margin.toFixed());
    expect([sub.reserving, sub.reservedN, sub.reservedErr]).toEqual([0, 0, 0]);
    const paid = at.fees.plus(costAt(moved).fees);
    expect(sub.collateral.toFixed()).toBe(dec(10_000).minus(paid).toFixed());
  });

  it('fills after log-normal latencies when configured so: most near the median, a few in the tail', () => {
    const { clock, e, sub } = engine({ fillLatencyMs: { median: 200, p99: 2_000 } });
    const opens = Array.from({ length: 200 }, () => openOn(e, sub, { quantity: 0.002 }));
    clock.advanceSync(200);
    const early = opens.filter((r) => r.status === 'OPENED').length;
    expect(early).toBeGreaterThan(70);
    expect(early).toBeLessThan(130);
    clock.advanceSync(1_800);
    expect(opens.filter((r) => r.status === 'PENDING').length).toBeLessThan(10);
    clock.advanceSync(18_000);
    expect(opens.every((r) => r.status === 'OPENED')).toBe(true);
  });

  it('reports uPnL from the aggregate exposure as the sum over positions', () => {
    const { clock, e, sub } = engine();
    const a = openOn(e, sub, { orderType: 'LIMIT', limitPrice: 95_000 });
    const b = openOn(e, sub, {
      positionType: 'SHORT',
      orderType: 'LIMIT',
      quantity: 0.004,
      limitPrice: 95_000,
    });
    clock.advanceSync(100);
    e.setMark('BTCUSDT', 96_000);
    const sum = e.unrealizedPnl(a.quote).plus(e.unrealizedPnl(b.quote));
    expect(e.balance(sub).unrealizedPnl.toFixed()).toBe(sum.toFixed());
    expect(sum.toFixed()).toBe('6');
  });

  it('examines nothing on a tick inside the quiet band', () => {
    const { e, sub } = engine();
    openOn(e, sub, { orderType: 'LIMIT', limitPrice: 90_000 });
    const t0 = performance.now();
    for (let i = 0; i < 200_000; i++) e.setMark('BTCUSDT', 95_000 + (i % 100));
    expect(performance.now() - t0).toBeLessThan(2_000);
  });
});

describe('SimEngine rules', () => {
  it('liquidates an isolated position on its own, losing only its margin', () => {
    const { clock, e, sub } = engine();
    sub.instantTokens.set('NOXRWA', 'tok-tok-tok');
    const r = openOn(e, sub, {
      marketId: 101,
      orderType: 'LIMIT',
      quantity: 1,
      leverage: 20,
      limitPrice: 2_650,
    });
    clock.advanceSync(100);
    expect(r.status).toBe('OPENED');
    const afterOpen = sub.collateral;
    e.setMark('XAUUSD', 2_500);
    expect(r.quote.status).toBe('LIQUIDATED');
    expect(sub.collateral.toFixed()).toBe(afterOpen.toFixed());
    expect(e.positions(sub)).toEqual([]);
  });

  it('refuses useInstantActions without a token for the market’s solver', () => {
    const { e, sub } = engine();
    expect(() => openOn(e, sub, { marketId: 101, quantity: 1, leverage: 5 })).toThrow(
      /no instant-action token registered .* NOXRWA/,
    );
    expect(() => openOn(e, sub, { leverage: 5, useInstantActions: false })).not.toThrow();
  });

  it('fires a short’s stop-loss when the mark rises through it', () => {
    const { clock, e, sub } = engine();
    const r = openOn(e, sub, { positionType: 'SHORT', orderType: 'LIMIT', limitPrice: 95_000 });
    clock.advanceSync(100);
    e.setTpSl(r.quote, 90_000, 97_000);
    e.setMark('BTCUSDT', 96_000);
    expect(r.quote.status).toBe('OPENED');
    e.setMark('BTCUSDT', 97_000);
    expect(r.quote.status).toBe('CLOSE_PENDING');
    clock.advanceSync(100);
    expect(r.quote.status).toBe('CLOSED');
  });

  it('refuses a take-profit on the wrong side of the mark', () => {
    const { clock, e, sub } = engine();
    const r = openOn(e, sub, { orderType: 'LIMIT', limitPrice: 95_000 });
    clock.advanceSync(100);
    expect(() => e.setTpSl(r.quote, 94_000, undefined)).toThrow(/takeProfit: 94000 must be above the mark/);
  });

  it('charges shorts the short rate and longs the long rate at each funding epoch', () => {
    const { clock, e, sub } = engine();
    const long = openOn(e, sub, {
      marketId: 4,
      orderType: 'LIMIT',
      quantity: 100,
      leverage: 5,
      limitPrice: 2.3,
    });
    const short = openOn(e, sub, {
      marketId: 4,
      positionType: 'SHORT',
      orderType: 'LIMIT',
      quantity: 100,
      leverage: 5,
      limitPrice: 2.3,
    });
    clock.advanceSync(3_600_000);
    expect(long.quote.accumulatedFunding.toFixed()).toBe('0.023');
    expect(short.quote.accumulatedFunding.toFixed()).toBe('-0.023');
  });
});
