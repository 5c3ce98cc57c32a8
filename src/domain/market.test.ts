import { describe, expect, it } from 'vitest';
import { MarketId, MarketSymbol, SolverId } from './ids.ts';
import { type MarketSpec, notionalOf, quantityStep, roundPrice, roundQuantity } from './market.ts';
import { dec } from './money.ts';

const BTC: MarketSpec = {
  id: MarketId(1),
  symbol: MarketSymbol('BTCUSDT'),
  solver: SolverId('PERPS_HUB'),
  isValid: true,
  maxLeverage: 60,
  minNotional: dec(100),
  maxNotional: dec(1_000_000),
  pricePrecision: 1,
  quantityPrecision: 3,
  hedgerFeeOpen: dec('0.0006'),
  hedgerFeeClose: dec('0.0006'),
  tradingFee: dec('0.0003'),
  marginMode: 'cross',
};

describe('market rounding', () => {
  it('rounds quantity down so the sent size never exceeds the asked size', () => {
    expect(roundQuantity(BTC, '0.0129').toString()).toBe('0.012');
    expect(roundQuantity(BTC, 0.0009).toString()).toBe('0');
  });

  it('rounds price to the market precision', () => {
    expect(roundPrice(BTC, '65000.19').toString()).toBe('65000.1');
  });

  it('gives the quantity step as one unit of the last quantity digit', () => {
    expect(quantityStep(BTC).toString()).toBe('0.001');
    expect(quantityStep({ ...BTC, quantityPrecision: 0 }).toString()).toBe('1');
  });

  it('computes notional exactly', () => {
    expect(notionalOf('0.003', '65000.1').toString()).toBe('195.0003');
  });
});
