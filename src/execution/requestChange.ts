import type { ClientRequestId } from '../domain/ids.ts';
import type { RequestStatus } from '../domain/requestStatus.ts';
import type { RequestPatch } from '../journal/JournalPort.ts';

/** One status change of a request, with the fields it sets and a note for the history. */
export interface RequestChange {
  readonly id: ClientRequestId;
  readonly to: RequestStatus;
  readonly patch?: RequestPatch;
  readonly note?: string;
}
