import type { ClientRequestId } from '../domain/ids.ts';
import type { RecordKind, RequestRecord } from '../domain/request.ts';
import { JournalError } from '../errors/JournalError.ts';
import { AuthError, PermissionError, type VenueRejectedError } from '../errors/venueErrors.ts';
import { describeError } from '../log/redact.ts';
import type { RiskGate } from '../risk/RiskGate.ts';
import type { Capability } from '../risk/tradingState.ts';
import type { BatchAck, SubmitAck } from '../venue/VenuePort.ts';
import { isDefinitiveReject } from './definitiveRejects.ts';
import type { RequestChange } from './requestChange.ts';

/** What applying a submit's answer needs from the executor. */
export interface AnswerHost {
  move(changes: readonly RequestChange[]): RequestRecord[];
  markUnknown(records: readonly RequestRecord[], why: string): void;
  track(r: RequestRecord): void;
  current(id: ClientRequestId): RequestRecord;
  readonly rejectCodes: ReadonlySet<string>;
  readonly gate: RiskGate;
}

function isDefinitive(host: AnswerHost, e: unknown): e is VenueRejectedError {
  return isDefinitiveReject(e, host.rejectCodes);
}

function capabilityOf(kind: RecordKind): Capability {
  // TP/SL set needs CLOSE_POSITION (venue-contract.md).
  return kind === 'open' ? 'open' : kind === 'close' || kind === 'setTpSl' ? 'close' : 'cancel';
}

/**
 * The submit failed: REJECTED on a refusal the venue named (a 4xx with its code, or a code from
 * the definitive list: scenario 14); anything else — 5xx, 429, a reset, 401, 403, a time-out, an
 * unreadable body — is UNKNOWN (scenarios 1, 10-13).
 */
export function applySubmitError(host: AnswerHost, records: readonly RequestRecord[], e: unknown): void {
  try {
    bookSubmitError(host, records, e);
  } catch (failure) {
    // The journal refused the write and has already failed closed (halt, alert). The request stays
    // SUBMITTING on disk, so the next start settles it as unknown; rethrowing would only end as an
    // unhandled rejection of the send, which kills the process.
    if (!(failure instanceof JournalError)) throw failure;
  }
}

function bookSubmitError(host: AnswerHost, records: readonly RequestRecord[], e: unknown): void {
  if (isDefinitive(host, e)) {
    host.move(
      records.map((r) => ({
        id: r.clientRequestId,
        to: 'REJECTED' as const,
        patch: { errorCode: e.venueCode, reason: e.message },
      })),
    );
    return;
  }
  if (e instanceof AuthError) host.gate.authFailure(describeError(e));
  if (e instanceof PermissionError)
    host.gate.haltCapability(capabilityOf((records[0] as RequestRecord).kind), describeError(e));
  host.markUnknown(
    records.map((r) => host.current(r.clientRequestId)),
    `submit without a readable answer: ${describeError(e)}`,
  );
}

/** The 201: each tempId is journaled (ACCEPTED) at once and tracked; batch items on their own. */
export function applyAck(
  host: AnswerHost,
  records: readonly RequestRecord[],
  ack: SubmitAck | BatchAck,
): void {
  if ('tempId' in ack) {
    const [r] = host.move([
      { id: (records[0] as RequestRecord).clientRequestId, to: 'ACCEPTED', patch: { tempId: ack.tempId } },
    ]);
    host.track(r as RequestRecord);
    return;
  }
  const changes: RequestChange[] = [];
  const unknown: RequestRecord[] = [];
  records.forEach((r, i) => {
    const item = ack.results.find((x) => x.index === i);
    if (item === undefined) unknown.push(r);
    else if (item.ok)
      changes.push({
        id: r.clientRequestId,
        to: 'ACCEPTED',
        patch: { tempId: item.tempId, batchId: ack.batchId },
      });
    else if (isDefinitive(host, item.error))
      changes.push({
        id: r.clientRequestId,
        to: 'REJECTED',
        patch: { batchId: ack.batchId, errorCode: item.error.venueCode, reason: item.error.message },
      });
    else unknown.push(r);
  });
  for (const r of host.move(changes)) if (r.status === 'ACCEPTED') host.track(r);
  if (unknown.length > 0)
    host.markUnknown(
      unknown.map((r) => host.current(r.clientRequestId)),
      'batch item without a definitive answer',
    );
}
