import type { SubaccountAddress } from '../../../domain/ids.ts';
import { ConfigError } from '../../../errors/ConfigError.ts';
import type { SubaccountInfo } from '../../../venue/actions/subaccounts.ts';
import { type AccountClient, createAccountClient } from '../../../venue/createAccountClient.ts';
import { createVenueClient } from '../../../venue/createVenueClient.ts';
import { keySubaccounts } from '../../../venue/keyReads.ts';
import type { VenuePort } from '../../../venue/VenuePort.ts';
import { type AccountContext, secretFromEnv } from './options.ts';

export function accountClient(ctx: AccountContext): AccountClient {
  return createAccountClient({
    baseUrl: ctx.baseUrl,
    jwt: secretFromEnv('PERPFLOW_SESSION_JWT'),
    clock: ctx.clock,
  });
}

function pickOne(list: readonly SubaccountInfo[], source: string): SubaccountAddress {
  const [first, ...rest] = list;
  if (first === undefined) throw new ConfigError(`no subaccount ${source}; pass --subaccount <0x…>`);
  if (rest.length > 0)
    throw new ConfigError(
      `several subaccounts ${source} (${list.map((s) => s.subaccount).join(', ')}); choose one with --subaccount`,
    );
  return first.subaccount;
}

/** --subaccount / PERPFLOW_SUBACCOUNT, else the wallet's only subaccount on the chain. */
export async function walletSubaccount(
  ctx: AccountContext,
  account: AccountClient,
): Promise<SubaccountAddress> {
  if (ctx.subaccount !== undefined) return ctx.subaccount;
  return pickOne(await account.subaccounts(ctx.chainId), `of this wallet on chain ${ctx.chainId}`);
}

/** A trading client on PERPFLOW_API_KEY, for --subaccount or the one subaccount delegated to the key. */
export async function venueClient(ctx: AccountContext): Promise<VenuePort> {
  const apiKey = secretFromEnv('PERPFLOW_API_KEY');
  const subaccount =
    ctx.subaccount ??
    pickOne(
      await keySubaccounts({ baseUrl: ctx.baseUrl, apiKey, clock: ctx.clock, chainId: ctx.chainId }),
      `delegated to this key on chain ${ctx.chainId}`,
    );
  return createVenueClient({
    baseUrl: ctx.baseUrl,
    apiKey,
    subaccount,
    chainId: ctx.chainId,
    clock: ctx.clock,
  });
}
