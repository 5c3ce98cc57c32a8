import { describe, expect, it } from 'vitest';
import { MarketId, MarketSymbol, QuoteId } from '../../domain/ids.ts';
import type { MarketSpec } from '../../domain/market.ts';
import { dec } from '../../domain/money.ts';
import { tpslBody } from './tpsl.ts';

const spec = { id: MarketId(1), symbol: MarketSymbol('BTCUSDT'), pricePrecision: 1 } as MarketSpec;
const q = QuoteId('7');

describe('tpslBody', () => {
  it('sends a price for a leg to set, null for a leg to clear, and nothing for a leg to leave', () => {
    expect(tpslBody({ quoteId: q, takeProfit: dec('101.27'), stopLoss: null }, 42161, spec)).toEqual({
      quoteId: '7',
      chainId: 42161,
      takeProfit: 101.2,
      stopLoss: null,
    });
    expect(tpslBody({ quoteId: q, stopLoss: dec(90) }, 1, undefined)).toEqual({
      quoteId: '7',
      chainId: 1,
      stopLoss: 90,
    });
  });

  it('refuses an order that names neither leg, with the quote in the message', () => {
    expect(() => tpslBody({ quoteId: q }, 1, spec)).toThrow(
      /setTpSl on quote 7: give takeProfit, stopLoss or both/,
    );
  });
});
