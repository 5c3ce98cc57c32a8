import { ChainId, SubaccountAddress } from '../../domain/ids.ts';
import type { MarginMode } from '../../domain/side.ts';
import type { VenueHttp } from '../http/venueHttp.ts';
import { WireSubaccounts } from '../wire/accounts.ts';

export interface SubaccountInfo {
  readonly subaccount: SubaccountAddress;
  readonly chainId: ChainId;
  readonly name: string | null;
  readonly marginMode: MarginMode | null;
  readonly apiAccessEnabled: boolean;
}

/** `GET /v1/accounts/subaccounts?chainId=`: the wallet's (JWT) or those delegated to the key. */
export async function subaccounts(http: VenueHttp, chainId: ChainId | undefined): Promise<SubaccountInfo[]> {
  const list = await http.call({
    method: 'GET',
    path: '/v1/accounts/subaccounts',
    query: { chainId },
    schema: WireSubaccounts,
    kind: 'read',
  });
  return list.map((s) => ({
    subaccount: SubaccountAddress(s.subaccountAddress),
    chainId: ChainId(s.chainId),
    name: s.name ?? null,
    marginMode: s.marginMode ?? null,
    apiAccessEnabled: s.apiAccessEnabled,
  }));
}
