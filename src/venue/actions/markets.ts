import type { ChainId } from '../../domain/ids.ts';
import type { MarketSpec } from '../../domain/market.ts';
import type { VenueHttp } from '../http/venueHttp.ts';
import { toMarketSpecs } from '../mappers/market.ts';
import { WireAggregatedMarkets } from '../wire/markets.ts';

/** `GET /v1/markets/aggregated/{chainId}`: every solver's markets on the chain. */
export async function getMarkets(http: VenueHttp, chainId: ChainId): Promise<MarketSpec[]> {
  const wire = await http.call({
    method: 'GET',
    path: `/v1/markets/aggregated/${chainId}`,
    schema: WireAggregatedMarkets,
    kind: 'read',
  });
  return toMarketSpecs(wire);
}
