import type { ApiKeyId, ChainId, SubaccountAddress } from '../../domain/ids.ts';
import type { Permission } from '../../domain/side.ts';
import { ConfigError } from '../../errors/ConfigError.ts';
import type { VenueHttp } from '../http/venueHttp.ts';
import { WireDelegations } from '../wire/accounts.ts';
import { WireAnything } from '../wire/submit.ts';

// Every setter here puts the account in a stated condition (on/off, exactly these permissions),
// so repeating one is harmless: they are retried like reads.

/** `POST /v1/account-auth/subaccount/toggle-access` */
export async function toggleSubaccountAccess(
  http: VenueHttp,
  subaccount: SubaccountAddress,
  chainId: ChainId,
  enable: boolean,
): Promise<void> {
  await http.call({
    method: 'POST',
    path: '/v1/account-auth/subaccount/toggle-access',
    body: { subaccountAddress: subaccount, chainId, enable },
    schema: WireAnything,
    kind: 'read',
  });
}

/** `POST /v1/account-auth/delegate-access`: replaces the key's permissions on the subaccount. */
export async function delegateAccess(
  http: VenueHttp,
  subaccount: SubaccountAddress,
  apiKeyId: ApiKeyId,
  permissions: readonly Permission[],
): Promise<void> {
  await http.call({
    method: 'POST',
    path: '/v1/account-auth/delegate-access',
    body: { subaccountAddress: subaccount, apiKeyIdentifier: apiKeyId, permissions },
    schema: WireAnything,
    kind: 'read',
  });
}

/** `POST /v1/account-auth/revoke-access` */
export async function revokeAccess(
  http: VenueHttp,
  subaccount: SubaccountAddress,
  apiKeyId: ApiKeyId,
): Promise<void> {
  await http.call({
    method: 'POST',
    path: '/v1/account-auth/revoke-access',
    body: { subaccountAddress: subaccount, apiKeyIdentifier: apiKeyId },
    schema: WireAnything,
    kind: 'read',
  });
}

export async function delegations(http: VenueHttp, subaccount: SubaccountAddress) {
  return http.call({
    method: 'GET',
    path: '/v1/account-auth/delegations',
    query: { subaccountAddress: subaccount },
    schema: WireDelegations,
    kind: 'read',
  });
}

/** The venue refuses shorter instant-action tokens; checked before sending (bad input, exit 2). */
export const INSTANT_TOKEN_MIN = 8;

export function checkInstantToken(token: string): void {
  if (token.length < INSTANT_TOKEN_MIN)
    throw new ConfigError(
      `instant-action token: ${token.length} characters; the venue needs at least ${INSTANT_TOKEN_MIN}`,
    );
}

/** `POST /v1/account-auth/instant-action/token` */
export async function setInstantActionToken(
  http: VenueHttp,
  subaccount: SubaccountAddress,
  chainId: ChainId,
  solver: string,
  token: string,
): Promise<void> {
  checkInstantToken(token);
  await http.call({
    method: 'POST',
    path: '/v1/account-auth/instant-action/token',
    body: { subaccountAddress: subaccount, chainId, solver, token },
    schema: WireAnything,
    kind: 'read',
  });
}
