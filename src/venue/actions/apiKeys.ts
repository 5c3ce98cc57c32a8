import { ApiKeyId } from '../../domain/ids.ts';
import { ConfigError } from '../../errors/ConfigError.ts';
import type { VenueHttp } from '../http/venueHttp.ts';
import { toKeyPermissions } from '../mappers/permissions.ts';
import type { KeyPermissions } from '../VenuePort.ts';
import { WireApiKeyList, WireApiKeyRecord, WireCreatedApiKey } from '../wire/apiKeys.ts';
import { WireKeyPermissions } from '../wire/permissions.ts';

export interface ApiKeyRecord {
  readonly id: ApiKeyId;
  readonly name: string;
  readonly createdAt: number;
  readonly lastUsedAt: number | null;
  readonly revoked: boolean;
}

/** The create answer: the only time the secret is ever visible. */
export interface CreatedApiKey {
  readonly id: ApiKeyId;
  readonly name: string;
  readonly key: string;
  readonly createdAt: number;
}

const toRecord = (w: WireApiKeyRecord): ApiKeyRecord => ({
  id: ApiKeyId(w.id),
  name: w.name,
  createdAt: w.createdAt,
  lastUsedAt: w.lastUsedAt ?? null,
  revoked: w.revoked,
});

/** The venue's limit on a key name (trimmed), checked here so a typo is bad input, not a venue 400. */
export const KEY_NAME_MAX = 64;

/** Refuses a name the venue would refuse: empty, blank, or longer than KEY_NAME_MAX characters. */
export function checkKeyName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw new ConfigError('key name: empty; give a label such as the bot or environment');
  if (trimmed.length > KEY_NAME_MAX)
    throw new ConfigError(`key name: ${trimmed.length} characters; at most ${KEY_NAME_MAX}`);
  return trimmed;
}

/** `POST /v1/api-keys/create`: not repeatable (a retry would mint a second key). */
export async function createApiKey(http: VenueHttp, rawName: string): Promise<CreatedApiKey> {
  const name = checkKeyName(rawName);
  const w = await http.call({
    method: 'POST',
    path: '/v1/api-keys/create',
    body: { name },
    schema: WireCreatedApiKey,
    kind: 'setup',
  });
  return { id: ApiKeyId(w.id), name: w.name, key: w.key, createdAt: w.createdAt };
}

export async function listApiKeys(http: VenueHttp): Promise<ApiKeyRecord[]> {
  const list = await http.call({
    method: 'GET',
    path: '/v1/api-keys/list',
    schema: WireApiKeyList,
    kind: 'read',
  });
  return list.map(toRecord);
}

/** `PUT /v1/api-keys/{id}`: setting a name is idempotent, so it may be retried. */
export async function renameApiKey(http: VenueHttp, id: ApiKeyId, rawName: string): Promise<ApiKeyRecord> {
  const name = checkKeyName(rawName);
  const w = await http.call({
    method: 'PUT',
    path: `/v1/api-keys/${encodeURIComponent(id)}`,
    body: { name },
    schema: WireApiKeyRecord,
    kind: 'read',
  });
  return toRecord(w);
}

/** `DELETE /v1/api-keys/{id}`: effective on the key's very next request. */
export async function revokeApiKey(http: VenueHttp, id: ApiKeyId): Promise<ApiKeyRecord> {
  const w = await http.call({
    method: 'DELETE',
    path: `/v1/api-keys/${encodeURIComponent(id)}`,
    schema: WireApiKeyRecord,
    kind: 'read',
  });
  return toRecord(w);
}

/** `POST /v1/api-keys/list-permissions` with the session JWT, naming the key. */
export async function keyPermissions(http: VenueHttp, id: ApiKeyId): Promise<KeyPermissions> {
  const w = await http.call({
    method: 'POST',
    path: '/v1/api-keys/list-permissions',
    body: { apiKeyIdentifier: id },
    schema: WireKeyPermissions,
    kind: 'read',
  });
  return toKeyPermissions(w);
}
