import { describe, expect, it } from 'vitest';
import { MarketId, MarketSymbol, QuoteId, SolverId } from '../../domain/ids.ts';
import type { MarketSpec } from '../../domain/market.ts';
import { dec } from '../../domain/money.ts';
import { closeItem, openItem } from './orders.ts';

// As the simulator lists BTCUSDT: 1 price decimal, 3 quantity decimals.
const btc: MarketSpec = {
  id: MarketId(1),
  symbol: MarketSymbol('BTCUSDT'),
  solver: SolverId('PERPS_HUB'),
  isValid: true,
  maxLeverage: 100,
  minNotional: dec(100),
  maxNotional: dec(5_000_000),
  pricePrecision: 1,
  quantityPrecision: 3,
  hedgerFeeOpen: dec('0.0002'),
  hedgerFeeClose: dec('0.0002'),
  tradingFee: dec('0.0005'),
  marginMode: 'cross',
};
const END = 'POST /v1/trade/create-position';
const open = {
  symbol: MarketSymbol('BTCUSDT'),
  side: 'LONG',
  quantity: dec('0.0109'),
  leverage: 5,
  orderType: 'MARKET',
  slippage: dec('0.05'),
} as const;

describe('openItem', () => {
  it('sends a market order with its slippage and the quantity rounded down, keys in the wire order', () => {
    expect(JSON.stringify(openItem(btc, open, 'S', END))).toBe(
      '{"marketId":1,"positionType":"LONG","orderType":"MARKET","quantity":0.01,"leverage":5,"slippage":0.05,"solver":"S"}',
    );
  });

  it('keeps a limit price (rounded down) beside a slippage, and an instant-actions flag beside one', () => {
    const limited = openItem(btc, { ...open, orderType: 'LIMIT', limitPrice: dec('90000.19') }, 'S', END);
    expect([limited.limitPrice, limited.slippage]).toEqual([90000.1, 0.05]);
    const instant = openItem(btc, { ...open, useInstantActions: true }, 'S', END);
    expect([instant.useInstantActions, instant.slippage]).toEqual([true, 0.05]);
  });
});

describe('closeItem', () => {
  const close = {
    quoteId: QuoteId('12'),
    quantity: dec('0.0109'),
    orderType: 'MARKET',
    slippage: dec('0.07'),
  } as const;

  it('rounds a market close’s quantity down to the market’s precision when the market is named, and sends it as given when not', () => {
    expect(closeItem(close, btc, END).quantityToClose).toBe(0.01);
    expect(closeItem(close, undefined, END).quantityToClose).toBe(0.0109);
  });

  it('keeps a close price beside a slippage', () => {
    const limited = closeItem({ ...close, orderType: 'LIMIT', closePrice: dec('190000.27') }, btc, END);
    expect([limited.closePrice, limited.slippage]).toEqual([190000.2, 0.07]);
  });

  it('refuses, before sending, a quantity that is zero at the market’s precision, naming the endpoint and the market', () => {
    expect(() => closeItem({ ...close, quantity: dec('0.0004') }, btc, END)).toThrow(
      `${END}: quantity 0.0004 is zero at BTCUSDT's precision of 3 decimals (not sent)`,
    );
  });
});
