import { ChainId, SubaccountAddress } from '../../domain/ids.ts';
import type { KeyPermissions } from '../VenuePort.ts';
import type { WireKeyPermissions } from '../wire/permissions.ts';

export function toKeyPermissions(wire: WireKeyPermissions): KeyPermissions {
  return {
    isValid: wire.isValid,
    subaccounts: wire.subaccounts.map((s) => ({
      subaccount: SubaccountAddress(s.subaccountAddress),
      chainId: ChainId(s.chainId),
      permissions: s.permissions,
    })),
  };
}
