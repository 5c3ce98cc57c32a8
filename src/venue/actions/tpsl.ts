import { type MarketSpec, roundPrice } from '../../domain/market.ts';
import { type Decimal, toWireNumber } from '../../domain/money.ts';
import type { TpSlOrder } from '../VenuePort.ts';
import { WireAnything } from '../wire/submit.ts';
import type { VenueContext } from './context.ts';

/** `POST /v1/tpsl/set` (our shape: the public service needs a signed payload here). */
export async function setTpSl(ctx: VenueContext, order: TpSlOrder): Promise<void> {
  const market = order.symbol === undefined ? undefined : await ctx.catalog.get(order.symbol);
  const price = (p: Decimal) => toWireNumber(market === undefined ? p : roundPrice(market as MarketSpec, p));
  await ctx.http.call({
    method: 'POST',
    path: '/v1/tpsl/set',
    body: {
      quoteId: order.quoteId,
      chainId: ctx.chainId,
      ...(order.takeProfit === undefined ? {} : { takeProfit: price(order.takeProfit) }),
      ...(order.stopLoss === undefined ? {} : { stopLoss: price(order.stopLoss) }),
    },
    schema: WireAnything,
    kind: 'submit',
  });
}
