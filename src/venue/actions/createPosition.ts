import { TempId } from '../../domain/ids.ts';
import { openItem } from '../mappers/orders.ts';
import type { OpenOrder, SubmitAck } from '../VenuePort.ts';
import { WireSubmitAck } from '../wire/submit.ts';
import type { VenueContext } from './context.ts';

const PATH = '/v1/trade/create-position';

/** `POST /v1/trade/create-position`: sent once; 201 means accepted, not filled. */
export async function createPosition(ctx: VenueContext, order: OpenOrder): Promise<SubmitAck> {
  const market = await ctx.catalog.get(order.symbol);
  const body = {
    ...openItem(market, order, ctx.solver, `POST ${PATH}`),
    subaccountAddress: ctx.subaccount,
    chainId: ctx.chainId,
  };
  const ack = await ctx.http.call({
    method: 'POST',
    path: PATH,
    body,
    schema: WireSubmitAck,
    kind: 'submit',
  });
  return { tempId: TempId(ack.tempId) };
}
