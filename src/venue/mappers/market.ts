import { MarketId, MarketSymbol, SolverId } from '../../domain/ids.ts';
import type { MarketSpec } from '../../domain/market.ts';
import type { WireAggregatedMarkets, WireMarketSpec } from '../wire/markets.ts';

export function toMarketSpec(solver: string, wire: WireMarketSpec): MarketSpec {
  return {
    id: MarketId(wire.id),
    symbol: MarketSymbol(wire.symbol),
    solver: SolverId(solver),
    isValid: wire.isValid,
    maxLeverage: wire.maxLeverage,
    minNotional: wire.minNotionalValue,
    maxNotional: wire.maxNotionalValue,
    pricePrecision: wire.pricePrecision,
    quantityPrecision: wire.quantityPrecision,
    hedgerFeeOpen: wire.hedgerFeeOpen,
    hedgerFeeClose: wire.hedgerFeeClose,
    tradingFee: wire.tradingFee,
    marginMode: wire.marginMode,
  };
}

/** Every solver's markets, flattened; the catalog picks the solver it trades with. */
export function toMarketSpecs(wire: WireAggregatedMarkets): MarketSpec[] {
  const out: MarketSpec[] = [];
  for (const [solver, group] of Object.entries(wire))
    for (const spec of Object.values(group.markets)) out.push(toMarketSpec(solver, spec));
  return out;
}
