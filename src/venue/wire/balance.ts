import { z } from 'zod';
import { wireDecimal } from './scalars.ts';

/** `GET /v1/accounts/subaccount/balance?subaccountAddress=&chainId=` */
export const WireBalance = z.object({
  allocatedBalance: wireDecimal,
  equity: wireDecimal,
  availableMargin: wireDecimal,
  lockedMargin: wireDecimal,
  unrealizedPnl: wireDecimal,
});
export type WireBalance = z.infer<typeof WireBalance>;
