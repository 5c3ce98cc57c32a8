import { type QuoteId, TempId } from '../../domain/ids.ts';
import type { SubmitAck } from '../VenuePort.ts';
import { WireSubmitAck } from '../wire/submit.ts';
import type { VenueContext } from './context.ts';

/** `POST /v1/trade/cancel-quote`: `positionId` is the open's tempId or its quoteId. */
export async function cancelOpen(ctx: VenueContext, positionId: TempId | QuoteId): Promise<SubmitAck> {
  const ack = await ctx.http.call({
    method: 'POST',
    path: '/v1/trade/cancel-quote',
    body: { positionId, chainId: ctx.chainId },
    schema: WireSubmitAck,
    kind: 'submit',
  });
  return { tempId: TempId(ack.tempId) };
}

/** `POST /v1/trade/cancel-close-request` */
export async function cancelClose(ctx: VenueContext, closeRequestId: TempId): Promise<SubmitAck> {
  const ack = await ctx.http.call({
    method: 'POST',
    path: '/v1/trade/cancel-close-request',
    body: { closeRequestId, chainId: ctx.chainId },
    schema: WireSubmitAck,
    kind: 'submit',
  });
  return { tempId: TempId(ack.tempId) };
}
