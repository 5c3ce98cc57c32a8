import { describe, expect, it } from 'vitest';
import type { Fill } from '../domain/fill.ts';
import { FillId, MarketSymbol, QuoteId, StrategyId } from '../domain/ids.ts';
import { dec } from '../domain/money.ts';
import { PositionLedger } from './PositionLedger.ts';

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
});
