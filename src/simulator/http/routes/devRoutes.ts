import { z } from 'zod';
import { address, chainId, positive } from '../schemas.ts';
import { money } from '../serialize.ts';
import { route } from '../types.ts';

/** Development-only doors outside /v1 (venue-contract.md "Credentials"). */
export const devRoutes = [
  route({
    method: 'POST',
    path: '/dev/sign-in',
    auth: 'none',
    tag: 'Development',
    summary: 'Session JWT for a wallet, standing in for the EIP-712 wallet sign-in',
    body: z.strictObject({
      walletAddress: address,
      ttlSeconds: z.number().int().positive().optional(),
      chainId: chainId.optional(),
    }),
    run: ({ engine, accounts, body }) =>
      accounts.signIn(body.walletAddress, body.chainId ?? engine.chainId, body.ttlSeconds),
  }),
  route({
    method: 'POST',
    path: '/dev/faucet',
    auth: 'none',
    tag: 'Development',
    summary: 'Credits collateral to a subaccount',
    body: z.strictObject({ subaccountAddress: address, chainId, amount: positive }),
    run: ({ accounts, body }) => ({
      subaccountAddress: body.subaccountAddress.toLowerCase(),
      chainId: body.chainId,
      allocatedBalance: money(accounts.faucet(body.subaccountAddress, body.chainId, body.amount)),
    }),
  }),
];
