import { z } from 'zod';
import { wireId, wireTime } from './scalars.ts';

/** 201 to `POST /v1/api-keys/create`: the only answer that carries the secret. */
export const WireCreatedApiKey = z.object({
  id: wireId,
  name: z.string(),
  key: z.string(),
  createdAt: wireTime,
});

export const WireApiKeyRecord = z.object({
  id: wireId,
  name: z.string(),
  createdAt: wireTime,
  lastUsedAt: wireTime.nullish(),
  revoked: z.boolean(),
});
export type WireApiKeyRecord = z.infer<typeof WireApiKeyRecord>;

export const WireApiKeyList = z.array(WireApiKeyRecord);
