import { TempId } from '../../domain/ids.ts';
import { closeItem } from '../mappers/orders.ts';
import type { CloseOrder, SubmitAck } from '../VenuePort.ts';
import { WireSubmitAck } from '../wire/submit.ts';
import type { VenueContext } from './context.ts';

const PATH = '/v1/trade/close-position';

/** `POST /v1/trade/close-position` → the close request's tempId. */
export async function closePosition(ctx: VenueContext, order: CloseOrder): Promise<SubmitAck> {
  const market = order.symbol === undefined ? undefined : await ctx.catalog.get(order.symbol);
  const body = { ...closeItem(order, market, `POST ${PATH}`), chainId: ctx.chainId };
  const ack = await ctx.http.call({
    method: 'POST',
    path: PATH,
    body,
    schema: WireSubmitAck,
    kind: 'submit',
  });
  return { tempId: TempId(ack.tempId) };
}
