import { describe, expect, it } from 'vitest';
import type { Fill } from '../domain/fill.ts';
import { FillId, MarketSymbol, QuoteId, StrategyId } from '../domain/ids.ts';
import { dec, sum } from '../domain/money.ts';
import { OpenExposure } from './OpenExposure.ts';
import { PositionLedger } from './PositionLedger.ts';

/** A seeded mix of opens, adds, partial and full closes over 3 strategies (and external) and 3 markets. */
function busyLedger(): PositionLedger {
  const l = new PositionLedger();
  let seed = 7;
  const rnd = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) >>> 0;
    return (seed >>> 16) % n;
  };
  const strategies = [StrategyId('a'), StrategyId('b'), StrategyId('c'), null];
  const symbols = ['BTCUSDT', 'ETHUSDT', 'XRPUSDT'];
  const held = new Map<
    string,
    { qty: number; fill: Omit<Fill, 'fillId' | 'effect' | 'quantity' | 'price'> }
  >();
  for (let i = 0; i < 600; i++) {
    const quote = String(rnd(80));
    const h = held.get(quote);
    const price = dec(`${100 + rnd(50)}.${rnd(100)}`);
    if (h === undefined || rnd(3) > 0) {
      const base = h?.fill ?? {
        clientRequestId: null,
        strategyId: strategies[rnd(4)] ?? null,
        quoteId: QuoteId(quote),
        symbol: MarketSymbol(symbols[rnd(3)] ?? 'BTCUSDT'),
        side: rnd(2) === 0 ? ('LONG' as const) : ('SHORT' as const),
        fee: dec('0.1'),
        ts: i,
      };
      const qty = 1 + rnd(9);
      l.apply({ ...base, fillId: FillId(`o${i}`), effect: 'open', quantity: dec(qty).dividedBy(10), price });
      held.set(quote, { qty: (h?.qty ?? 0) + qty, fill: base });
    } else {
      const qty = rnd(2) === 0 ? h.qty : Math.max(1, Math.floor(h.qty / 2));
      l.apply({
        ...h.fill,
        fillId: FillId(`c${i}`),
        effect: 'close',
        quantity: dec(qty).dividedBy(10),
        price,
      });
      if (qty === h.qty) held.delete(quote);
      else held.set(quote, { ...h, qty: h.qty - qty });
    }
  }
  return l;
}

describe('the open count and notional the risk gate reads', () => {
  it('equal, exactly, the count and the sum over the open lots, per strategy, for external lots and for the account, with a market still unmarked', () => {
    const l = busyLedger();
    l.mark(MarketSymbol('BTCUSDT'), dec('123.45'));
    l.mark(MarketSymbol('ETHUSDT'), dec('99.9'));
    // XRPUSDT has no mark yet: its lots count at their own average price.
    for (const s of [undefined, StrategyId('a'), StrategyId('b'), StrategyId('c'), null]) {
      const lots = l.openLots(s);
      expect(lots.length, String(s)).toBeGreaterThan(0);
      expect(l.openCount(s)).toBe(lots.length);
      const perLot = sum(lots.map((x) => x.openQuantity.times(l.markPrice(x.symbol) ?? x.avgOpenPrice)));
      expect(l.openNotional(s).toString()).toBe(perLot.toString());
    }
    expect(l.unrealisedTotal().toString()).toBe(l.summary().unrealised.toString());
  });
});

describe('one strategy, then a second', () => {
  const f = (
    id: string,
    effect: 'open' | 'close',
    qty: string,
    quote: string,
    over: Partial<Fill> = {},
  ): Fill => ({
    fillId: FillId(id),
    clientRequestId: null,
    strategyId: StrategyId('s1'),
    quoteId: QuoteId(quote),
    symbol: MarketSymbol('BTCUSDT'),
    side: 'LONG',
    effect,
    quantity: dec(qty),
    price: dec('100'),
    fee: dec('0.1'),
    ts: 1,
    ...over,
  });
  const eth = { symbol: MarketSymbol('ETHUSDT') };

  it('counts the account as the first strategy until the second opens, then as both, with the first strategy’s later fills in both', () => {
    const l = new PositionLedger();
    l.mark(MarketSymbol('BTCUSDT'), dec('10'));
    l.mark(MarketSymbol('ETHUSDT'), dec('1'));
    l.apply(f('a', 'open', '1', 'q1'));
    l.apply(f('b', 'open', '2', 'q2'));
    l.apply(f('c', 'open', '3', 'q3', eth));
    l.apply(f('d', 'close', '1', 'q1'));
    const s1 = StrategyId('s1');
    expect([l.openCount(), l.openCount(s1), l.openNotional().toString()]).toEqual([2, 2, '23']);
    l.apply(f('e', 'open', '5', 'q4', { strategyId: StrategyId('s2') }));
    expect([l.openCount(), l.openCount(s1), l.openCount(StrategyId('s2'))]).toEqual([3, 2, 1]);
    expect([l.openNotional().toString(), l.openNotional(s1).toString()]).toEqual(['73', '23']);
    l.apply(f('g', 'close', '1', 'q3', eth));
    l.apply(f('h', 'close', '2', 'q2'));
    expect([
      l.openCount(),
      l.openCount(s1),
      l.openNotional().toString(),
      l.openNotional(s1).toString(),
    ]).toEqual([2, 1, '52', '2']);
  });
});

describe('OpenExposure', () => {
  it('lists markets in the order fills first moved them, not the order their slots were made, for a strategy and the account, before and after a second strategy', () => {
    const e = new OpenExposure();
    const q = dec('1');
    const add = { quantity: q, adds: true, before: dec(0), after: q, opened: true, closed: false };
    const eth = e.slot('s1', 'ETHUSDT');
    const btc = e.slot('s1', 'BTCUSDT');
    e.move(btc, add);
    expect([...e.quantities('*').keys()]).toEqual(['BTCUSDT']);
    const xrp2 = e.slot('s2', 'XRPUSDT');
    const eth2 = e.slot('s2', 'ETHUSDT');
    e.move(eth2, add);
    e.move(xrp2, add);
    e.move(eth, add);
    expect([...e.quantities('s1').keys()]).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect([...e.quantities('s2').keys()]).toEqual(['ETHUSDT', 'XRPUSDT']);
    expect([...e.quantities('*')].map(([k, c]) => `${k}=${c.quantity}`)).toEqual([
      'BTCUSDT=1',
      'ETHUSDT=2',
      'XRPUSDT=1',
    ]);
    expect([e.count('*'), e.count('s1'), e.count('s2')]).toEqual([4, 2, 2]);
  });
});
