import { z } from 'zod';
import { reject } from '../../engine/SimRejection.ts';
import { signedIn } from '../routeArgs.ts';
import { address, chainId, permission, queryChainId } from '../schemas.ts';
import { route } from '../types.ts';

/** Account authentication: enable subaccounts, delegate to keys, instant-action tokens (JWT). */
export const accountAuthRoutes = [
  route({
    method: 'POST',
    path: '/v1/account-auth/subaccount/toggle-access',
    auth: 'jwt',
    tag: 'Account Authentication',
    summary: 'Switches API access on or off for a subaccount',
    body: z.strictObject({ subaccountAddress: address, chainId, enable: z.boolean() }),
    run: ({ accounts, wallet, body }) => {
      const sub = accounts.subaccount(body.subaccountAddress, body.chainId, wallet);
      accounts.setApiAccess(sub, body.enable);
      return { subaccountAddress: sub.address, chainId: sub.chainId, apiAccessEnabled: sub.apiAccessEnabled };
    },
  }),
  route({
    method: 'POST',
    path: '/v1/account-auth/delegate-access',
    auth: 'jwt',
    tag: 'Account Authentication',
    summary: 'Delegates permissions on a subaccount to a key (replaces earlier ones)',
    body: z.strictObject({
      subaccountAddress: address,
      apiKeyIdentifier: z.string().min(1),
      permissions: z.array(permission).min(1),
      chainId: chainId.optional(),
    }),
    run: ({ engine, accounts, wallet, body }) => {
      const sub = accounts.subaccount(body.subaccountAddress, body.chainId ?? engine.chainId, wallet);
      const key = accounts.ownKey(signedIn(wallet), body.apiKeyIdentifier);
      accounts.delegate(sub, key, body.permissions);
      return {
        subaccountAddress: sub.address,
        apiKeyIdentifier: key.id,
        permissions: [...new Set(body.permissions)].sort(),
      };
    },
  }),
  route({
    method: 'POST',
    path: '/v1/account-auth/revoke-access',
    auth: 'jwt',
    tag: 'Account Authentication',
    summary: 'Removes every permission of a key on a subaccount',
    body: z.strictObject({
      subaccountAddress: address,
      apiKeyIdentifier: z.string().min(1),
      chainId: chainId.optional(),
    }),
    run: ({ engine, accounts, wallet, body }) => {
      const sub = accounts.subaccount(body.subaccountAddress, body.chainId ?? engine.chainId, wallet);
      const removed = accounts.revokeDelegation(sub, body.apiKeyIdentifier);
      return { subaccountAddress: sub.address, apiKeyIdentifier: body.apiKeyIdentifier, revoked: removed };
    },
  }),
  route({
    method: 'GET',
    path: '/v1/account-auth/delegations',
    auth: 'jwt',
    tag: 'Account Authentication',
    summary: 'Keys delegated on a subaccount and their permissions',
    query: z.object({ subaccountAddress: address, chainId: queryChainId.optional() }),
    run: ({ engine, accounts, wallet, query }) => {
      const sub = accounts.subaccount(query.subaccountAddress, query.chainId ?? engine.chainId, wallet);
      return [...sub.delegations].map(([apiKeyIdentifier, p]) => ({
        apiKeyIdentifier,
        permissions: [...p].sort(),
      }));
    },
  }),
  route({
    method: 'POST',
    path: '/v1/account-auth/instant-action/token',
    auth: 'jwt',
    tag: 'Account Authentication',
    summary: 'Registers the instant-action token of a subaccount with a solver',
    body: z.strictObject({
      subaccountAddress: address,
      chainId,
      solver: z.string().min(1),
      token: z.string().min(8),
    }),
    run: ({ engine, accounts, wallet, body }) => {
      const sub = accounts.subaccount(body.subaccountAddress, body.chainId, wallet);
      const solvers = new Set<string>(engine.markets.map((m) => m.spec.solver));
      if (!solvers.has(body.solver))
        throw reject.business('UNKNOWN_SOLVER', `solver: no solver named ${body.solver}`);
      accounts.registerInstantToken(sub, body.solver, body.token);
      return { subaccountAddress: sub.address, chainId: sub.chainId, solver: body.solver, registered: true };
    },
  }),
];
