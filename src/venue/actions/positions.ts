import type { Position } from '../../domain/position.ts';
import { toPosition } from '../mappers/position.ts';
import { WirePositions } from '../wire/positions.ts';
import { readPositionsFast } from '../wire/readPositionsFast.ts';
import type { VenueContext } from './context.ts';

/** `GET /v1/positions/all`: the authority on exposure, read by reconciliation. */
export async function positions(ctx: VenueContext): Promise<Position[]> {
  const wire = await ctx.http.call({
    method: 'GET',
    path: '/v1/positions/all',
    query: { subaccountAddress: ctx.subaccount, chainId: ctx.chainId },
    schema: WirePositions,
    readFast: readPositionsFast,
    kind: 'read',
  });
  return wire.map(toPosition);
}
