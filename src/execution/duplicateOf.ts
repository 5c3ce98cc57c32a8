import type { ClientRequestId } from '../domain/ids.ts';
import type { RequestRecord } from '../domain/request.ts';

/**
 * The requests that make a second submit of an intent a no-op: the one accepted this turn and
 * not journaled yet, else those journaled that were sent or are on their way (not NOT_SENT).
 */
export function duplicateOf(
  journaled: readonly RequestRecord[],
  queued: ClientRequestId | undefined,
): ClientRequestId[] | undefined {
  if (queued !== undefined) return [queued];
  if (journaled.length === 0) return undefined;
  const ids: ClientRequestId[] = [];
  for (const r of journaled) if (r.status !== 'NOT_SENT') ids.push(r.clientRequestId);
  return ids.length > 0 ? ids : undefined;
}
