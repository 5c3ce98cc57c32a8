import type { TempId } from '../../domain/ids.ts';
import type { RequestKind } from '../../domain/venueStatus.ts';
import { toRequestStatus } from '../mappers/requestStatus.ts';
import type { RequestStatusReport } from '../VenuePort.ts';
import { WireRequestStatus } from '../wire/status.ts';
import type { VenueContext } from './context.ts';

/** Each request kind's poll path and the name of its id parameter (venue-contract.md "Status polls"). */
export const STATUS_ENDPOINTS: Readonly<
  Record<RequestKind, { readonly path: string; readonly param: string }>
> = {
  open: { path: '/v1/positions/open-request/status', param: 'positionId' },
  close: { path: '/v1/positions/close-request/status', param: 'closeRequestId' },
  cancelOpen: { path: '/v1/positions/cancel-request/status', param: 'positionId' },
  cancelClose: { path: '/v1/positions/cancel-close-request/status', param: 'closeRequestId' },
};

/** A 404 is "not indexed yet" (null), never a rejection. */
export async function requestStatus(
  ctx: VenueContext,
  kind: RequestKind,
  id: TempId,
): Promise<RequestStatusReport | null> {
  const { path, param } = STATUS_ENDPOINTS[kind];
  const wire = await ctx.http.callOrNull({
    method: 'GET',
    path,
    query: { [param]: id, chainId: ctx.chainId },
    schema: WireRequestStatus,
    kind: 'read',
  });
  return wire === null ? null : toRequestStatus(wire);
}
