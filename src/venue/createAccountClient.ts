import type { Clock } from '../clock/Clock.ts';
import type { ApiKeyId, ChainId, SubaccountAddress } from '../domain/ids.ts';
import type { Permission } from '../domain/side.ts';
import {
  delegateAccess,
  delegations,
  revokeAccess,
  setInstantActionToken,
  toggleSubaccountAccess,
} from './actions/accountAuth.ts';
import {
  type ApiKeyRecord,
  type CreatedApiKey,
  createApiKey,
  keyPermissions,
  listApiKeys,
  renameApiKey,
  revokeApiKey,
} from './actions/apiKeys.ts';
import { type SubaccountInfo, subaccounts } from './actions/subaccounts.ts';
import { parseBaseUrl } from './http/baseUrl.ts';
import type { RetryPolicy } from './http/retryPolicy.ts';
import { assertSessionJwt } from './http/sessionJwt.ts';
import { createVenueHttp } from './http/venueHttp.ts';
import type { VenueFetch } from './transport.ts';
import type { KeyPermissions } from './VenuePort.ts';

export interface AccountClientOptions {
  readonly baseUrl: string;
  /** The wallet owner's session JWT (`Authorization: Bearer`). */
  readonly jwt: string;
  readonly fetch?: VenueFetch;
  readonly clock: Clock;
  readonly timeoutMs?: number;
  readonly retry?: Partial<RetryPolicy>;
}

/** Account setup with the session JWT: keys, subaccount access, delegation, instant-action tokens. */
export interface AccountClient {
  createApiKey(name: string): Promise<CreatedApiKey>;
  listApiKeys(): Promise<ApiKeyRecord[]>;
  renameApiKey(id: ApiKeyId, name: string): Promise<ApiKeyRecord>;
  revokeApiKey(id: ApiKeyId): Promise<ApiKeyRecord>;
  keyPermissions(id: ApiKeyId): Promise<KeyPermissions>;
  subaccounts(chainId?: ChainId): Promise<SubaccountInfo[]>;
  toggleSubaccountAccess(subaccount: SubaccountAddress, chainId: ChainId, enable: boolean): Promise<void>;
  delegateAccess(
    subaccount: SubaccountAddress,
    apiKeyId: ApiKeyId,
    permissions: readonly Permission[],
  ): Promise<void>;
  revokeAccess(subaccount: SubaccountAddress, apiKeyId: ApiKeyId): Promise<void>;
  delegations(
    subaccount: SubaccountAddress,
  ): Promise<readonly { apiKeyIdentifier: string; permissions: string[] }[]>;
  setInstantActionToken(
    subaccount: SubaccountAddress,
    chainId: ChainId,
    solver: string,
    token: string,
  ): Promise<void>;
}

export function createAccountClient(options: AccountClientOptions): AccountClient {
  const jwt = assertSessionJwt(options.jwt);
  const http = createVenueHttp({
    baseUrl: parseBaseUrl(options.baseUrl),
    headers: { authorization: `Bearer ${jwt}`, accept: 'application/json' },
    clock: options.clock,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
    retry: options.retry,
  });
  return {
    createApiKey: (name) => createApiKey(http, name),
    listApiKeys: () => listApiKeys(http),
    renameApiKey: (id, name) => renameApiKey(http, id, name),
    revokeApiKey: (id) => revokeApiKey(http, id),
    keyPermissions: (id) => keyPermissions(http, id),
    subaccounts: (chainId) => subaccounts(http, chainId),
    toggleSubaccountAccess: (sub, chainId, enable) => toggleSubaccountAccess(http, sub, chainId, enable),
    delegateAccess: (sub, id, permissions) => delegateAccess(http, sub, id, permissions),
    revokeAccess: (sub, id) => revokeAccess(http, sub, id),
    delegations: (sub) => delegations(http, sub),
    setInstantActionToken: (sub, chainId, solver, token) =>
      setInstantActionToken(http, sub, chainId, solver, token),
  };
}
