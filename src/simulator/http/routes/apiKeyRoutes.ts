import { z } from 'zod';
import { reject } from '../../engine/SimRejection.ts';
import { pathParam, signedIn } from '../routeArgs.ts';
import { route } from '../types.ts';

const name = z.string().trim().min(1).max(64);
const keyRow = (k: {
  id: string;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
  revoked: boolean;
}) => ({
  id: k.id,
  name: k.name,
  createdAt: k.createdAt,
  lastUsedAt: k.lastUsedAt,
  revoked: k.revoked,
});

/** API-key management: session JWT only. The secret appears once, in the create answer. */
export const apiKeyRoutes = [
  route({
    method: 'POST',
    path: '/v1/api-keys/create',
    auth: 'jwt',
    tag: 'API Keys',
    summary: 'Creates a key; the secret `key` is returned only here',
    status: 201,
    body: z.strictObject({ name }),
    run: ({ accounts, wallet, body }) => {
      const { record, secret } = accounts.createKey(signedIn(wallet), body.name);
      return { id: record.id, name: record.name, key: secret, createdAt: record.createdAt };
    },
  }),
  route({
    method: 'GET',
    path: '/v1/api-keys/list',
    auth: 'jwt',
    tag: 'API Keys',
    summary: 'Lists the wallet’s keys (never the secrets)',
    run: ({ accounts, wallet }) => accounts.keysOf(signedIn(wallet)).map(keyRow),
  }),
  route({
    method: 'PUT',
    path: '/v1/api-keys/{id}',
    auth: 'jwt',
    tag: 'API Keys',
    summary: 'Renames a key',
    body: z.strictObject({ name }),
    run: ({ accounts, wallet, params, body }) => {
      const k = accounts.ownKey(signedIn(wallet), pathParam(params, 'id'));
      accounts.renameKey(k, body.name);
      return keyRow(k);
    },
  }),
  route({
    method: 'DELETE',
    path: '/v1/api-keys/{id}',
    auth: 'jwt',
    tag: 'API Keys',
    summary: 'Revokes a key, effective on the very next request',
    run: ({ accounts, wallet, params }) => {
      const k = accounts.ownKey(signedIn(wallet), pathParam(params, 'id'));
      accounts.revokeKey(k);
      return keyRow(k);
    },
  }),
  route({
    method: 'POST',
    path: '/v1/api-keys/list-permissions',
    auth: 'jwtOrKey',
    tag: 'API Keys',
    summary: 'Permissions of a key per subaccount (the key sent, or `apiKeyIdentifier` with a JWT)',
    body: z.strictObject({ apiKeyIdentifier: z.string().min(1).optional() }),
    run: ({ accounts, wallet, key, body }) => {
      let k = key;
      if (!k) {
        if (!body.apiKeyIdentifier)
          throw reject.validation('body.apiKeyIdentifier: required when signed in with a JWT');
        k = accounts.ownKey(signedIn(wallet), body.apiKeyIdentifier);
      }
      return {
        isValid: !k.revoked,
        subaccounts: accounts.delegationsOf(k).map((d) => ({
          subaccountAddress: d.sub.address,
          chainId: d.sub.chainId,
          permissions: d.permissions,
        })),
      };
    },
  }),
];
