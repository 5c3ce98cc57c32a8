import type { MarketId, MarketSymbol, SolverId } from './ids.ts';
import { type Decimal, type DecimalInput, dec, roundTo } from './money.ts';
import type { MarginMode } from './side.ts';

/** A market as the venue's catalog describes it (`GET /v1/markets/aggregated/{chainId}`). */
export interface MarketSpec {
  readonly id: MarketId;
  readonly symbol: MarketSymbol;
  readonly solver: SolverId;
  readonly isValid: boolean;
  readonly maxLeverage: number;
  readonly minNotional: Decimal;
  readonly maxNotional: Decimal;
  readonly pricePrecision: number;
  readonly quantityPrecision: number;
  readonly hedgerFeeOpen: Decimal;
  readonly hedgerFeeClose: Decimal;
  readonly tradingFee: Decimal;
  readonly marginMode: MarginMode;
}

/** Quantities are rounded down so that what we send never exceeds what the strategy asked for. */
export function roundQuantity(market: MarketSpec, quantity: DecimalInput): Decimal {
  return roundTo(quantity, market.quantityPrecision, 'down');
}

/** The smallest quantity the market moves in (one unit of its last quantity digit). */
export function quantityStep(market: MarketSpec): Decimal {
  return dec(1).div(dec(10).pow(market.quantityPrecision));
}

export function roundPrice(market: MarketSpec, price: DecimalInput): Decimal {
  return roundTo(price, market.pricePrecision, 'down');
}

export function notionalOf(quantity: DecimalInput, price: DecimalInput): Decimal {
  return dec(quantity).times(dec(price));
}
