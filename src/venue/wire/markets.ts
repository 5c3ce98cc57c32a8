import { z } from 'zod';
import { wireDecimal, wireInt, wireNumber } from './scalars.ts';

/** One market of `GET /v1/markets/aggregated/{chainId}`. */
export const WireMarketSpec = z.object({
  id: wireInt,
  symbol: z.string().min(1),
  isValid: z.boolean(),
  maxLeverage: wireNumber,
  minNotionalValue: wireDecimal,
  maxNotionalValue: wireDecimal,
  pricePrecision: wireInt,
  quantityPrecision: wireInt,
  hedgerFeeOpen: wireDecimal,
  hedgerFeeClose: wireDecimal,
  tradingFee: wireDecimal,
  marginMode: z.enum(['cross', 'isolated']),
});
export type WireMarketSpec = z.infer<typeof WireMarketSpec>;

/** `{[solver]: {markets: {[symbol]: MarketSpec}}}` */
export const WireAggregatedMarkets = z.record(
  z.string(),
  z.object({ markets: z.record(z.string(), WireMarketSpec) }),
);
export type WireAggregatedMarkets = z.infer<typeof WireAggregatedMarkets>;
