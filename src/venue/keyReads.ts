import type { Clock } from '../clock/Clock.ts';
import type { ChainId } from '../domain/ids.ts';
import { listPermissions } from './actions/permissions.ts';
import { type SubaccountInfo, subaccounts } from './actions/subaccounts.ts';
import { assertApiKey } from './http/apiKey.ts';
import { parseBaseUrl } from './http/baseUrl.ts';
import { createVenueHttp, type VenueHttp } from './http/venueHttp.ts';
import type { VenueFetch } from './transport.ts';
import type { KeyPermissions } from './VenuePort.ts';

export interface KeyReadOptions {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly clock: Clock;
  readonly fetch?: VenueFetch;
}

function keyHttp(options: KeyReadOptions): VenueHttp {
  const apiKey = assertApiKey(options.apiKey);
  return createVenueHttp({
    baseUrl: parseBaseUrl(options.baseUrl),
    headers: { 'x-api-key': apiKey, accept: 'application/json' },
    clock: options.clock,
    fetch: options.fetch,
  });
}

/**
 * Reads a key can make before a subaccount is chosen (a VenuePort needs one): the subaccounts
 * delegated to it (`GET /v1/accounts/subaccounts`) …
 */
export function keySubaccounts(
  options: KeyReadOptions & { readonly chainId?: ChainId },
): Promise<SubaccountInfo[]> {
  return subaccounts(keyHttp(options), options.chainId);
}

/** … and its own permissions (`POST /v1/api-keys/list-permissions`). */
export function keyPermissions(options: KeyReadOptions): Promise<KeyPermissions> {
  return listPermissions(keyHttp(options));
}
