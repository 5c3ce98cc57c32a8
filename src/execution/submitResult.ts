import type { ClientRequestId } from '../domain/ids.ts';
import type { DenialReason } from '../risk/denialReason.ts';

/** What `executor.submit(intent)` answers. */
export type SubmitResult =
  | { readonly status: 'accepted'; readonly clientRequestIds: readonly ClientRequestId[] }
  | { readonly status: 'duplicate'; readonly clientRequestIds: readonly ClientRequestId[] }
  | { readonly status: 'denied'; readonly reason: DenialReason; readonly message: string };
