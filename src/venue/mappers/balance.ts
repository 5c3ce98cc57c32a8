import type { SubaccountAddress } from '../../domain/ids.ts';
import type { Balance } from '../VenuePort.ts';
import type { WireBalance } from '../wire/balance.ts';

export function toBalance(subaccount: SubaccountAddress, wire: WireBalance): Balance {
  return {
    subaccount,
    allocated: wire.allocatedBalance,
    equity: wire.equity,
    availableMargin: wire.availableMargin,
    lockedMargin: wire.lockedMargin,
    unrealizedPnl: wire.unrealizedPnl,
  };
}
