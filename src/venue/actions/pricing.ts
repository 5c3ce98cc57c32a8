import type { MarketSymbol } from '../../domain/ids.ts';
import type { PriceTick } from '../../domain/tick.ts';
import { VenueRejectedError } from '../../errors/venueErrors.ts';
import { WireMarkPrices } from '../wire/pricing.ts';
import { readMarkPricesFast } from '../wire/readMarkPricesFast.ts';
import type { VenueContext } from './context.ts';

const PATH = '/v1/pricing/mark-prices';

/** `GET /v1/pricing/mark-prices?symbols=A&symbols=B`; stamped by the venue, else by the clock on arrival. */
export async function markPrices(ctx: VenueContext, symbols: readonly MarketSymbol[]): Promise<PriceTick[]> {
  if (symbols.length === 0) return [];
  const rows = await ctx.http.call({
    method: 'GET',
    path: PATH,
    query: { symbols },
    schema: WireMarkPrices,
    readFast: readMarkPricesFast,
    kind: 'read',
  });
  const now = ctx.clock.now();
  const bySymbol = new Map(rows.map((r) => [r.symbol, r]));
  return symbols.map((symbol) => {
    const row = bySymbol.get(symbol);
    // The venue answers an unknown symbol with null or leaves it out, rather than an error.
    if (row === undefined || row.mark === null)
      throw new VenueRejectedError(`GET ${PATH}: no mark price for ${symbol} (unknown market)`, {
        endpoint: `GET ${PATH}`,
        venueCode: 'UNKNOWN_MARKET',
        details: { symbol },
      });
    return { symbol, mark: row.mark, ts: row.timestamp ?? now };
  });
}
