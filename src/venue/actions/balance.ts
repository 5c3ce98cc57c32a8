import { toBalance } from '../mappers/balance.ts';
import type { Balance } from '../VenuePort.ts';
import { WireBalance } from '../wire/balance.ts';
import type { VenueContext } from './context.ts';

/** `GET /v1/accounts/subaccount/balance` */
export async function balance(ctx: VenueContext): Promise<Balance> {
  const wire = await ctx.http.call({
    method: 'GET',
    path: '/v1/accounts/subaccount/balance',
    query: { subaccountAddress: ctx.subaccount, chainId: ctx.chainId },
    schema: WireBalance,
    kind: 'read',
  });
  return toBalance(ctx.subaccount, wire);
}
