import type { VenueHttp } from '../http/venueHttp.ts';
import { toKeyPermissions } from '../mappers/permissions.ts';
import type { KeyPermissions } from '../VenuePort.ts';
import { WireKeyPermissions } from '../wire/permissions.ts';

/** `POST /v1/api-keys/list-permissions`: a read despite the POST, so it may be retried. */
export async function listPermissions(http: VenueHttp): Promise<KeyPermissions> {
  const wire = await http.call({
    method: 'POST',
    path: '/v1/api-keys/list-permissions',
    body: {},
    schema: WireKeyPermissions,
    kind: 'read',
  });
  return toKeyPermissions(wire);
}
