import { describe, expect, it } from 'vitest';
import { manualPrices } from '../prices/PriceSource.ts';
import type { SimEngine } from './SimEngine.ts';
import type { Subaccount } from './state.ts';
import { engine, openOn } from './testEngine.ts';

describe('SimEngine LIMIT expiry', () => {
  const restingOpen = (e: SimEngine, sub: Subaccount) =>
    openOn(e, sub, { orderType: 'LIMIT', limitPrice: 90_000 });

  it('ends a LIMIT open EXPIRED after its time, giving its reservation back', () => {
    const { clock, e, sub } = engine({ limitTtlMs: 60_000 });
    const before = e.balance(sub).availableMargin;
    const r = restingOpen(e, sub);
    clock.advanceSync(59_999);
    expect(r.status).toBe('PENDING');
    clock.advanceSync(1);
    expect(r.status).toBe('EXPIRED');
    expect(r.quote.status).toBe('EXPIRED');
    expect(r.reason).toMatch(/rested 60000 ms unfilled/);
    expect(e.positions(sub)).toHaveLength(0);
    expect(e.balance(sub).availableMargin.toFixed()).toBe(before.toFixed());
    e.setMark('BTCUSDT', 89_000);
    clock.advanceSync(1_000);
    expect(r.status).toBe('EXPIRED');
  });

  it('never expires a LIMIT that triggered before its time', () => {
    const { clock, e, sub } = engine({ limitTtlMs: 60_000 });
    const r = restingOpen(e, sub);
    e.setMark('BTCUSDT', 89_000);
    clock.advanceSync(120_000);
    expect(r.status).toBe('OPENED');
  });

  it('ends a LIMIT close EXPIRED with the position still open, and a cancel that lost the race EXPIRED too', () => {
    const { clock, e, sub } = engine({ limitTtlMs: 60_000 });
    const open = openOn(e, sub);
    clock.advanceSync(100);
    const close = e.submitClose(open.quote, {
      quantityToClose: 0.01,
      orderType: 'LIMIT',
      closePrice: 120_000,
    });
    clock.advanceSync(59_950);
    const cancel = e.submitCancelClose(close);
    clock.advanceSync(100);
    expect(close.status).toBe('EXPIRED');
    expect(cancel.status).toBe('EXPIRED');
    expect(open.quote.status).toBe('OPENED');
    expect(e.positions(sub)).toHaveLength(1);
    const again = e.submitClose(open.quote, { quantityToClose: 0.01, orderType: 'MARKET' });
    clock.advanceSync(100);
    expect(again.status).toBe('CLOSED');
  });
});

describe('SimEngine races', () => {
  it('reports a cancel as OPENED when the MARKET fill lands first', () => {
    const { clock, e, sub } = engine();
    const open = openOn(e, sub, { leverage: 5 });
    const cancel = e.submitCancelOpen(open.quote);
    clock.advanceSync(100);
    expect(open.status).toBe('OPENED');
    expect(cancel.status).toBe('OPENED');
    expect(cancel.reason).toMatch(/filled before the cancel/);
  });

  it('reports a cancel-close as CLOSED when the close fill lands first', () => {
    const { clock, e, sub } = engine();
    const open = openOn(e, sub, { leverage: 5 });
    clock.advanceSync(100);
    const close = e.submitClose(open.quote, { quantityToClose: 0.01, orderType: 'MARKET' });
    const cancel = e.submitCancelClose(close);
    clock.advanceSync(100);
    expect(close.status).toBe('CLOSED');
    expect(cancel.status).toBe('CLOSED');
  });
});

describe('SimEngine funding source', () => {
  it('takes funding rates from the price source when it gives them', () => {
    const { clock, e, sub } = engine({
      prices: manualPrices({}, { XRPUSDT: { long: 0.001, short: -0.002 } }),
    });
    const short = openOn(e, sub, {
      marketId: 4,
      positionType: 'SHORT',
      orderType: 'LIMIT',
      quantity: 100,
      leverage: 5,
      limitPrice: 2.3,
      useInstantActions: false,
    });
    clock.advanceSync(3_600_000);
    expect(short.quote.accumulatedFunding.toFixed()).toBe('-0.46');
  });
});

describe('SimEngine ids', () => {
  it('names a position by its open tempId or quoteId, never by a close request id', () => {
    const { clock, e, sub } = engine();
    const open = openOn(e, sub, { leverage: 5 });
    clock.advanceSync(100);
    const close = e.submitClose(open.quote, {
      quantityToClose: 0.005,
      orderType: 'LIMIT',
      closePrice: 120_000,
    });
    expect(e.quote(open.tempId)).toBe(open.quote);
    expect(e.quote(open.quote.quoteId as string)).toBe(open.quote);
    expect(e.quote(close.tempId)).toBeUndefined();
  });
});

describe('SimEngine prices', () => {
  it("stamps a mark with the price's own time, not the clock's", () => {
    const { clock, e } = engine();
    clock.advanceSync(5_000);
    e.setMark('BTCUSDT', 95_000, 1_600_000_000_000, 95_010);
    expect(e.mark('BTCUSDT')).toEqual({ mark: 95_000, last: 95_010, ts: 1_600_000_000_000 });
  });

  it('takes a price source’s ticks in PriceSink order: symbol, mark, time, last', () => {
    const { e } = engine({
      prices: {
        ...manualPrices(),
        start: (_clock, sink) => {
          sink('ETHUSDT', 3_100, 1_234, 3_101);
          return () => {};
        },
      },
    });
    expect(e.mark('ETHUSDT')).toEqual({ mark: 3_100, last: 3_101, ts: 1_234 });
  });

  it('reads each symbol’s own mark whichever was read or set last, and none for an unlisted one', () => {
    const { e } = engine();
    e.setMark('BTCUSDT', 95_000, 1);
    e.setMark('ETHUSDT', 3_100, 2);
    expect(e.mark('BTCUSDT')?.mark).toBe(95_000);
    expect(e.mark('NOPEUSDT')).toBeUndefined();
    e.setMark('NOPEUSDT', 1, 3);
    expect(e.mark('ETHUSDT')?.mark).toBe(3_100);
    expect(e.mark('BTCUSDT')?.mark).toBe(95_000);
    e.setMark('BTCUSDT', 96_000, 4);
    expect([e.mark('ETHUSDT')?.ts, e.mark('BTCUSDT')?.mark, e.mark('NOPEUSDT')]).toEqual([
      2,
      96_000,
      undefined,
    ]);
  });
});

describe('SimEngine partial closes', () => {
  it('refuses a close beyond what a partial close left open, naming that remainder, and closes the remainder whole', () => {
    const { clock, e, sub } = engine();
    const open = openOn(e, sub);
    clock.advanceSync(100);
    const part = e.submitClose(open.quote, { quantityToClose: 0.004, orderType: 'MARKET' });
    clock.advanceSync(100);
    expect(part.status).toBe('OPENED');
    expect(() => e.submitClose(open.quote, { quantityToClose: 0.007, orderType: 'MARKET' })).toThrow(
      'quantityToClose: 0.007 exceeds the open quantity 0.006',
    );
    const rest = e.submitClose(open.quote, { quantityToClose: 0.006, orderType: 'MARKET' });
    clock.advanceSync(100);
    expect(rest.status).toBe('CLOSED');
    expect(open.quote.status).toBe('CLOSED');
    expect(open.quote.margin.isZero()).toBe(true);
    expect(sub.exposures.size).toBe(0);
  });
});

describe('SimEngine refused closes', () => {
  it('puts a position whose close the solver refused back under its TP/SL watch', () => {
    const { clock, e, sub } = engine();
    const open = openOn(e, sub);
    clock.advanceSync(100);
    e.setTpSl(open.quote, 100_000, null);
    e.setFaults({ solverRefusalRate: 1 });
    const refused = e.submitClose(open.quote, { quantityToClose: 0.01, orderType: 'MARKET' });
    clock.advanceSync(100);
    expect([refused.status, refused.errorCode, open.quote.status]).toEqual(['FAILED', '4006', 'OPENED']);
    e.setFaults({});
    e.setMark('BTCUSDT', 100_500);
    clock.advanceSync(100);
    expect(open.quote.status).toBe('CLOSED');
  });
});
