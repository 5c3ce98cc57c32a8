import { QuoteId, TempId } from '../../domain/ids.ts';
import { type MarketSpec, roundPrice } from '../../domain/market.ts';
import { type Decimal, toWireNumber } from '../../domain/money.ts';
import { venueStatusOf } from '../../domain/venueStatus.ts';
import type { TpSlOrder, TpSlState } from '../VenuePort.ts';
import { WireAnything } from '../wire/submit.ts';
import { WireTpSlList } from '../wire/tpsl.ts';
import type { VenueContext } from './context.ts';

/** The venue lists at most this many quotes per call. */
const LIST_MAX = 100;

/**
 * The `/v1/tpsl/set` body: a price sets or replaces that leg, `null` clears it, absent leaves it.
 * Prices are rounded down to the market's precision when the market is known.
 */
export function tpslBody(
  order: TpSlOrder,
  chainId: number,
  market: MarketSpec | undefined,
): Record<string, unknown> {
  if (order.takeProfit === undefined && order.stopLoss === undefined)
    throw new Error(`setTpSl on quote ${order.quoteId}: give takeProfit, stopLoss or both (null clears)`);
  const price = (p: Decimal | null) =>
    p === null ? null : toWireNumber(market === undefined ? p : roundPrice(market, p));
  return {
    quoteId: order.quoteId,
    chainId,
    ...(order.takeProfit === undefined ? {} : { takeProfit: price(order.takeProfit) }),
    ...(order.stopLoss === undefined ? {} : { stopLoss: price(order.stopLoss) }),
  };
}

/** `POST /v1/tpsl/set` (our shape: the public service needs a signed payload here). Synchronous. */
export async function setTpSl(ctx: VenueContext, order: TpSlOrder): Promise<void> {
  const market = order.symbol === undefined ? undefined : await ctx.catalog.get(order.symbol);
  await ctx.http.call({
    method: 'POST',
    path: '/v1/tpsl/set',
    body: tpslBody(order, ctx.chainId, market),
    schema: WireAnything,
    kind: 'submit',
  });
}

/** `POST /v1/tpsl/list` (public): status and TP/SL of each quote the venue knows, in chunks of 100. */
export async function listTpSl(ctx: VenueContext, quoteIds: readonly QuoteId[]): Promise<TpSlState[]> {
  const out: TpSlState[] = [];
  for (let i = 0; i < quoteIds.length; i += LIST_MAX) {
    const rows = await ctx.http.call({
      method: 'POST',
      path: '/v1/tpsl/list',
      body: { chainId: ctx.chainId, quoteIds: quoteIds.slice(i, i + LIST_MAX) },
      schema: WireTpSlList,
      kind: 'read',
    });
    out.push(...tpslStatesFrom(rows));
  }
  return out;
}

export function tpslStatesFrom(rows: WireTpSlList): TpSlState[] {
  return rows.map((r) => ({
    quoteId: QuoteId(r.quoteId),
    status: venueStatusOf(r.status),
    takeProfit: r.takeProfit,
    stopLoss: r.stopLoss,
    closeRequestId:
      r.closeRequestId === undefined || r.closeRequestId === null ? null : TempId(r.closeRequestId),
    accumulatedFunding: r.accumulatedFunding ?? null,
  }));
}
