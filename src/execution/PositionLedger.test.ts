import { describe, expect, it } from 'vitest';
import type { Fill } from '../domain/fill.ts';
import { ClientRequestId, FillId, MarketSymbol, QuoteId, StrategyId } from '../domain/ids.ts';
import { dec, sum as total } from '../domain/money.ts';
import { type LotKey, lotKeyOf, quoteLotKey } from './lotKey.ts';
import { type Lot, PositionLedger } from './PositionLedger.ts';

const fill = (
  id: string,
  effect: 'open' | 'close',
  qty: string,
  price: string,
  over: Partial<Fill> = {},
): Fill => ({
  fillId: FillId(id),
  clientRequestId: null,
  strategyId: StrategyId('s1'),
  quoteId: QuoteId('7'),
  symbol: MarketSymbol('BTCUSDT'),
  side: 'LONG',
  effect,
  quantity: dec(qty),
  price: dec(price),
  fee: dec('0.5'),
  ts: 1,
  ...over,
});

describe('PositionLedger', () => {
  it('computes realised and unrealised PnL and fees in exact decimals', () => {
    const l = new PositionLedger();
    l.apply(fill('a', 'open', '0.3', '100.1'));
    l.apply(fill('b', 'close', '0.1', '100.2'));
    l.mark(MarketSymbol('BTCUSDT'), dec('100.4'));
    const s = l.summary();
    expect(s.realised.toString()).toBe('0.01');
    expect(s.unrealised.toString()).toBe('0.06');
    expect(s.fees.toString()).toBe('1');
    expect(l.exposure().get('BTCUSDT:LONG')?.toString()).toBe('0.2');
  });

  it('applies a fill id once even when it is reported twice', () => {
    const l = new PositionLedger();
    expect(l.apply(fill('a', 'open', '1', '10'))).toBe(true);
    expect(l.apply(fill('a', 'open', '1', '10'))).toBe(false);
    expect(l.exposure().get('BTCUSDT:LONG')?.toString()).toBe('1');
  });

  it('makes a short earn when the price falls and attributes it to its strategy', () => {
    const l = new PositionLedger();
    l.apply(
      fill('a', 'open', '2', '50', { side: 'SHORT', strategyId: StrategyId('s2'), quoteId: QuoteId('9') }),
    );
    l.apply(
      fill('b', 'close', '2', '45', { side: 'SHORT', strategyId: StrategyId('s2'), quoteId: QuoteId('9') }),
    );
    expect(l.summary(StrategyId('s2')).realised.toString()).toBe('10');
    expect(l.summary(StrategyId('s1')).realised.toString()).toBe('0');
    expect(l.openLots()).toHaveLength(0);
  });

  it('prices unrealised PnL from the latest numeric mark, whichever of the two mark paths came last', () => {
    const l = new PositionLedger();
    l.apply(fill('a', 'open', '0.3', '100.1'));
    l.markNumber('BTCUSDT', 100.2);
    l.markNumber('BTCUSDT', 100.4);
    expect(l.summary().unrealised.toString()).toBe('0.09');
    l.mark('BTCUSDT', dec('100.3'));
    expect(l.markPrice('BTCUSDT')?.toString()).toBe('100.3');
    l.markNumber('BTCUSDT', 100.5);
    expect(l.markPrice('BTCUSDT')?.toString()).toBe('100.5');
  });

  it('finds a lot by its key, whether keyed by quote or by request, and books funding set by key to its strategy and the account', () => {
    const l = new PositionLedger();
    l.apply(fill('a', 'open', '1', '10', { fee: dec(0) }));
    l.apply(
      fill('b', 'open', '2', '20', {
        quoteId: null,
        clientRequestId: ClientRequestId('cr_1'),
        strategyId: StrategyId('s2'),
      }),
    );
    l.apply(fill('c', 'open', '3', '30', { quoteId: null, strategyId: null }));
    l.apply(fill('c2', 'open', '1', '30', { quoteId: null, strategyId: null }));
    expect(l.lotOfQuote('7')?.openQuantity.toString()).toBe('1');
    expect(l.lotOfQuote('7')?.key).toBe(quoteLotKey('7'));
    expect(l.lotOfRequest(ClientRequestId('cr_1'))?.avgOpenPrice.toString()).toBe('20');
    expect(l.lotOfRequest(null)?.openQuantity.toString()).toBe('4');
    expect(l.lotOfQuote('cr_1')).toBeUndefined();
    l.setFunding(l.lotOfRequest(ClientRequestId('cr_1')) as Lot, dec('-1.5'));
    l.setFunding(l.lotOfQuote('7') as Lot, dec('0.25'));
    l.setFunding(l.lotOfQuote('7') as Lot, dec('0.75'));
    expect(l.summary(StrategyId('s2')).funding.toString()).toBe('-1.5');
    expect(l.summary(StrategyId('s1')).funding.toString()).toBe('0.75');
    expect(l.summary().funding.toString()).toBe('-0.75');
  });

  it('sums the account’s realised and fees to the total of its strategies’ and external lots’, exactly', () => {
    const l = new PositionLedger();
    const s2 = { strategyId: StrategyId('s2'), quoteId: QuoteId('9'), side: 'SHORT' as const };
    const ext = { strategyId: null, quoteId: QuoteId('11'), fee: dec('0.0123') };
    l.apply(fill('a', 'open', '0.3', '100.1'));
    l.apply(fill('b', 'open', '2', '50', s2));
    l.apply(fill('c', 'open', '1', '7', ext));
    l.apply(fill('d', 'close', '0.1', '100.25'));
    l.apply(fill('e', 'close', '0.5', '49.9', s2));
    l.apply(fill('f', 'close', '1', '7.5', ext));
    l.apply(fill('g', 'close', '0.2', '99.9', { fee: dec(0) }));
    const parts = [StrategyId('s1'), StrategyId('s2'), null].map((s) => l.summary(s));
    expect(parts.map((p) => p.realised.toString())).toEqual(['-0.025', '0.05', '0.5']);
    expect(parts.map((p) => p.fees.toString())).toEqual(['1', '1', '0.0246']);
    expect(l.summary().realised.toString()).toBe('0.525');
    expect(l.summary().fees.toString()).toBe('2.0246');
    expect(l.realisedSince(0).toString()).toBe('0.525');
    expect(l.openCount()).toBe(1);
    expect(l.openCount(StrategyId('s1'))).toBe(0);
  });

  it('keeps a strategy’s realised and fees booked before a second strategy came as its own, and adds the later ones', () => {
    const l = new PositionLedger();
    l.apply(fill('a', 'open', '2', '100'));
    l.apply(fill('b', 'close', '1', '103'));
    l.apply(
      fill('c', 'open', '1', '50', { strategyId: StrategyId('s2'), quoteId: QuoteId('9'), fee: dec('0.25') }),
    );
    l.apply(fill('d', 'close', '1', '99'));
    l.apply(
      fill('e', 'close', '1', '52', { strategyId: StrategyId('s2'), quoteId: QuoteId('9'), fee: dec(0) }),
    );
    const [s1, s2] = [l.summary(StrategyId('s1')), l.summary(StrategyId('s2'))];
    expect([s1.realised.toString(), s1.fees.toString()]).toEqual(['2', '1.5']);
    expect([s2.realised.toString(), s2.fees.toString()]).toEqual(['2', '0.25']);
    expect([l.summary().realised.toString(), l.summary().fees.toString()]).toEqual(['4', '1.75']);
    expect(l.summary(StrategyId('s3')).fees.toString()).toBe('0');
  });

  it('books every strategy’s realised and fees to it and the account, exactly, when strategies join over time, with duplicates and request-keyed lots', () => {
    const l = new PositionLedger();
    let seed = 11;
    const rnd = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) >>> 0;
      return (seed >>> 8) % n;
    };
    const lotsByKey = new Map<LotKey, Lot | undefined>();
    const done: Fill[] = [];
    for (let i = 0; i < 400; i++) {
      // One strategy for the first 150 fills, then external lots and two more.
      const strategyId =
        i < 150
          ? StrategyId('a')
          : ([StrategyId('a'), StrategyId('b'), null, StrategyId('c')][rnd(4)] ?? null);
      const q = String(rnd(20));
      const over: Partial<Fill> = {
        strategyId,
        quoteId: rnd(5) === 0 ? null : QuoteId(`${strategyId}-${q}`),
        clientRequestId: ClientRequestId(`cr${q}`),
        side: rnd(2) === 0 ? 'LONG' : 'SHORT',
        fee: rnd(4) === 0 ? dec(0) : dec(`0.0${rnd(100)}`),
        ts: i,
      };
      const f =
        rnd(8) === 0 && done.length > 0
          ? (done[rnd(done.length)] as Fill)
          : fill(
              `f${i}`,
              rnd(3) === 0 ? 'close' : 'open',
              `0.0${1 + rnd(9)}`,
              `${90 + rnd(20)}.${rnd(10)}`,
              over,
            );
      if (l.apply(f)) done.push(f);
      lotsByKey.set(
        lotKeyOf(f),
        f.quoteId !== null ? l.lotOfQuote(f.quoteId) : l.lotOfRequest(f.clientRequestId),
      );
    }
    const lots = [...lotsByKey.values()] as Lot[];
    const of = (s: StrategyId | null | undefined) =>
      lots.filter((x) => s === undefined || x.strategyId === s);
    for (const s of [undefined, StrategyId('a'), StrategyId('b'), StrategyId('c'), null]) {
      const sum = l.summary(s);
      expect(sum.realised.toString(), String(s)).toBe(total(of(s).map((x) => x.realisedPnl)).toString());
      expect(sum.fees.toString(), String(s)).toBe(total(of(s).map((x) => x.fees)).toString());
    }
    expect(l.realisedSince(0).toString()).toBe(l.summary().realised.toString());
    expect(l.feesSince(150).toString()).toBe(
      total(done.filter((f) => f.ts >= 150).map((f) => f.fee)).toString(),
    );
  });

  it('gives the open notional in floats as the exact one rounded, and none while a market has no mark', () => {
    const l = new PositionLedger();
    l.apply(fill('a', 'open', '0.3', '100.1'));
    l.apply(fill('b', 'open', '2', '7', { quoteId: QuoteId('8'), symbol: MarketSymbol('ETHUSDT') }));
    l.markNumber('BTCUSDT', 101.7);
    expect(l.approxOpenNotional()).toBeUndefined();
    l.markNumber('ETHUSDT', 7.1);
    expect(l.approxOpenNotional()).toBeCloseTo(l.openNotional().toNumber(), 12);
    expect(l.openNotional().toString()).toBe('44.71');
    expect(l.approxOpenNotional(StrategyId('other'))).toBe(0);
  });
});
