import { BatchId, type QuoteId, TempId } from '../../domain/ids.ts';
import { OutcomeUnknownError, VenueRejectedError } from '../../errors/venueErrors.ts';
import { redactText } from '../../log/redact.ts';
import { closeItem, openItem } from '../mappers/orders.ts';
import type { BatchAck, BatchItemResult, CloseOrder, OpenOrder } from '../VenuePort.ts';
import { WireBatchAck } from '../wire/submit.ts';
import type { VenueContext } from './context.ts';

/**
 * Items are independent: one refused item does not stop the others. An item the venue did not
 * report, or refused without a code, has an unknown outcome (settle it by reconciliation).
 */
function toBatchAck(endpoint: string, wire: WireBatchAck, count: number): BatchAck {
  const byIndex = new Map(wire.results.map((r) => [r.index, r]));
  const results: BatchItemResult[] = [];
  for (let index = 0; index < count; index++) {
    const r = byIndex.get(index);
    if (r?.success === true && r.tempId != null) {
      results.push({ index, ok: true, tempId: TempId(r.tempId) });
    } else if (r?.success === false && r.error?.code !== undefined) {
      const said = redactText(r.error.message ?? r.error.code);
      results.push({
        index,
        ok: false,
        error: new VenueRejectedError(`${endpoint} item ${index}: ${said}`, {
          endpoint,
          venueCode: r.error.code,
          details: { index },
        }),
      });
    } else {
      const why = r === undefined ? 'not in the answer' : 'answer without a tempId or error code';
      results.push({
        index,
        ok: false,
        error: new OutcomeUnknownError(`${endpoint} item ${index}: ${why}; reconcile`, {
          endpoint,
          details: { index },
        }),
      });
    }
  }
  return { batchId: BatchId(wire.batchId), results };
}

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
