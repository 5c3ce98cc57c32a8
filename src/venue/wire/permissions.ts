import { z } from 'zod';
import { PERMISSIONS } from '../../domain/side.ts';
import { wireAddress, wireInt } from './scalars.ts';

export const WirePermission = z.enum(PERMISSIONS);

/** `POST /v1/api-keys/list-permissions` (public shape). */
export const WireKeyPermissions = z.object({
  isValid: z.boolean(),
  subaccounts: z.array(
    z.object({ subaccountAddress: wireAddress, chainId: wireInt, permissions: z.array(WirePermission) }),
  ),
});
export type WireKeyPermissions = z.infer<typeof WireKeyPermissions>;
