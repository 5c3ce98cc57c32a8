import { z } from 'zod';
import { wireAddress, wireInt } from './scalars.ts';

/** `GET /v1/accounts/subaccounts?chainId=` */
export const WireSubaccount = z.object({
  subaccountAddress: wireAddress,
  chainId: wireInt,
  name: z.string().nullish(),
  marginMode: z.enum(['cross', 'isolated']).nullish(),
  apiAccessEnabled: z.boolean(),
});
export type WireSubaccount = z.infer<typeof WireSubaccount>;

export const WireSubaccounts = z.array(WireSubaccount);

/** `GET /v1/account-auth/delegations?subaccountAddress=` */
export const WireDelegations = z.array(
  z.object({ apiKeyIdentifier: z.string(), permissions: z.array(z.string()) }).loose(),
);
