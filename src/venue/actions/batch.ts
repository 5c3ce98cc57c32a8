import type { QuoteId, TempId } from '../../domain/ids.ts';
import { toBatchAck } from '../mappers/batchAck.ts';
import { closeItem, openItem } from '../mappers/orders.ts';
import type { BatchAck, CloseOrder, OpenOrder } from '../VenuePort.ts';
import { WireBatchAck } from '../wire/submit.ts';
import type { VenueContext } from './context.ts';

async function sendBatch(
  ctx: VenueContext,
  name: string,
  items: readonly unknown[] | undefined,
): Promise<BatchAck> {
  const path = `/v1/trade/${name}`;
  const wire = await ctx.http.call({
    method: 'POST',
    path,
    body: {
      chainId: ctx.chainId,
      subaccountAddress: ctx.subaccount,
      ...(items === undefined ? {} : { items }),
    },
    schema: WireBatchAck,
    kind: 'submit',
  });
  return toBatchAck(`POST ${path}`, wire, items?.length ?? wire.results.length);
}

export async function batchOpen(ctx: VenueContext, orders: readonly OpenOrder[]): Promise<BatchAck> {
  const endpoint = 'POST /v1/trade/batch-create-positions';
  const items = [];
  for (const order of orders)
    items.push(openItem(await ctx.catalog.get(order.symbol), order, ctx.solver, endpoint));
  return sendBatch(ctx, 'batch-create-positions', items);
}

export async function batchClose(ctx: VenueContext, orders: readonly CloseOrder[]): Promise<BatchAck> {
  const endpoint = 'POST /v1/trade/batch-close-positions';
  const items = [];
  for (const order of orders) {
    const market = order.symbol === undefined ? undefined : await ctx.catalog.get(order.symbol);
    items.push(closeItem(order, market, endpoint));
  }
  return sendBatch(ctx, 'batch-close-positions', items);
}

export function batchCancelOpen(
  ctx: VenueContext,
  positionIds: readonly (TempId | QuoteId)[],
): Promise<BatchAck> {
  return sendBatch(
    ctx,
    'batch-cancel-quotes',
    positionIds.map((positionId) => ({ positionId })),
  );
}

export function batchCancelClose(ctx: VenueContext, closeRequestIds: readonly TempId[]): Promise<BatchAck> {
  return sendBatch(
    ctx,
    'batch-cancel-close-requests',
    closeRequestIds.map((closeRequestId) => ({ closeRequestId })),
  );
}

/** `POST /v1/trade/close-all-positions`: one result per position the venue found. */
export function closeAll(ctx: VenueContext): Promise<BatchAck> {
  return sendBatch(ctx, 'close-all-positions', undefined);
}
