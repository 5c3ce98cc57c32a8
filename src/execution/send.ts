import type { Clock } from '../clock/Clock.ts';
import type { ClientRequestId, IntentId, StrategyId } from '../domain/ids.ts';
import type { Position } from '../domain/position.ts';
import type { RecordKind, RequestRecord } from '../domain/request.ts';
import type { RequestKind } from '../domain/venueStatus.ts';
import { JournalError } from '../errors/JournalError.ts';
import type { JournalPort } from '../journal/JournalPort.ts';
import { describeError } from '../log/redact.ts';
import type { BatchAck, SubmitAck, VenuePort } from '../venue/VenuePort.ts';
import { closeAllRecords } from './closeAllRecords.ts';
import type { CrashPoint } from './crash.ts';
import type { AlertSeverity, ExecutionEvent } from './events.ts';
import type { ExposureIndex } from './exposureIndex.ts';
import type { PositionLedger } from './PositionLedger.ts';
import { sendTpSl } from './sendTpSl.ts';
import { type AnswerHost, applyAck, applySubmitError } from './submitAnswer.ts';
import { groupOf } from './venueOrders.ts';

/** What sending needs from the executor: the answer paths plus the journal and the venue. */
export interface SendHost extends AnswerHost {
  readonly venue: VenuePort;
  readonly journal: JournalPort;
  readonly clock: Clock;
  readonly ledger: PositionLedger;
  readonly index: ExposureIndex;
  alive(): boolean;
  /** Throws (and kills the executor) at a labelled crash point when a test asks for it. */
  crashAt(point: CrashPoint): void;
  emit(e: ExecutionEvent): void;
  alert(severity: AlertSeverity, code: string, message: string): void;
  onJournalFailure(e: unknown): void;
}

/**
 * Sends one flushed group: SUBMITTING is committed first, then exactly one call. An adapter that
 * knows its answer at once (`submitNow`, the in-process one) has it applied in this same turn;
 * otherwise the answer is awaited. Either way the same steps follow, in the same order.
 */
export function sendGroup(
  h: SendHost,
  kind: RecordKind,
  ids: readonly ClientRequestId[],
): Promise<void> | undefined {
  if (!h.alive()) return undefined;
  if (kind === 'setTpSl') return sendTpSl(h, ids);
  let records: RequestRecord[];
  let pending: Promise<void> | undefined;
  try {
    h.crashAt('beforeJournalCommit');
    const now = h.clock.now();
    records = h.move(ids.map((id) => ({ id, to: 'SUBMITTING' as const, patch: { submittedAt: now } })));
    pending = h.journal.pendingCommit(); // a networked journal: SUBMITTING durable first
  } catch (e) {
    if (h.alive()) h.onJournalFailure(e);
    return undefined;
  }
  if (pending === undefined) return committed(h, kind, records);
  const sent = records;
  return pending.then(
    () => (h.alive() ? committed(h, kind, sent) : undefined),
    (e: unknown) => {
      if (h.alive()) h.onJournalFailure(e);
    },
  );
}

/** SUBMITTING is durable: the crash point between the commit and the send, then the call. */
function committed(h: SendHost, kind: RequestKind, records: RequestRecord[]): Promise<void> | undefined {
  try {
    h.crashAt('afterCommitBeforeSend');
  } catch (e) {
    if (h.alive()) h.onJournalFailure(e);
    return undefined;
  }
  return call(h, kind, records);
}

/** The one venue call of a group, and what its answer (or its failure) does. */
function call(h: SendHost, kind: RequestKind, records: RequestRecord[]): Promise<void> | undefined {
  h.emit({
    type: 'venueCall',
    call: records.length > 1 ? 'batch' : 'submit',
    kind,
    requests: records.length,
  });
  const group = groupOf(kind, records);
  let now: SubmitAck | BatchAck | undefined;
  try {
    now = h.venue.submitNow?.(group);
  } catch (e) {
    answered(h, records, undefined, e);
    return undefined;
  }
  if (now !== undefined) {
    answered(h, records, now, undefined);
    return undefined;
  }
  let later: Promise<SubmitAck | BatchAck>;
  try {
    later = h.venue.submit(group);
  } catch (e) {
    answered(h, records, undefined, e);
    return undefined;
  }
  return later.then(
    (ack) => answered(h, records, ack, undefined),
    (e: unknown) => answered(h, records, undefined, e),
  );
}

function answered(
  h: SendHost,
  records: readonly RequestRecord[],
  ack: SubmitAck | BatchAck | undefined,
  failure: unknown,
): void {
  if (!h.alive()) return;
  try {
    h.crashAt('afterSendBefore201');
    if (ack !== undefined) h.crashAt('after201BeforeTempId');
  } catch {
    return;
  }
  if (ack === undefined) {
    applySubmitError(h, records, failure);
    return;
  }
  try {
    applyAck(h, records, ack);
  } catch (e) {
    if (e instanceof JournalError) return;
    throw e;
  }
}

/**
 * close-all-positions answers one item per OPENED position in the venue's list order, so the
 * list is read first and one close request per row is journaled before the call.
 */
export async function sendCloseAll(
  h: SendHost,
  intentId: IntentId,
  strategyId: StrategyId | null,
): Promise<void> {
  if (h.gate.capabilityHalted('close') !== undefined || !h.alive()) return;
  if (h.journal.byIntent(intentId).length > 0) return; // the same kill switch twice in one millisecond
  let rows: readonly Position[];
  try {
    rows = (await h.venue.positions()).filter((p) => p.status === 'OPENED' && p.quoteId !== null);
  } catch (e) {
    h.alert('critical', 'CLOSE_ALL_FAILED', `cannot read positions for close-all: ${describeError(e)}`);
    return;
  }
  if (!h.alive() || rows.length === 0) return;
  const now = h.clock.now();
  const records = closeAllRecords(rows, intentId, strategyId, h.ledger, now);
  try {
    h.journal.insertRequests(records);
    for (const r of records) h.index.update(r);
    h.move(
      records.map((r) => ({ id: r.clientRequestId, to: 'SUBMITTING' as const, patch: { submittedAt: now } })),
    );
    const pending = h.journal.pendingCommit();
    if (pending !== undefined) await pending;
  } catch (e) {
    h.onJournalFailure(e);
    return;
  }
  h.emit({ type: 'venueCall', call: 'closeAll', kind: 'close', requests: records.length });
  let ack: BatchAck;
  try {
    ack = await h.venue.closeAll();
  } catch (e) {
    if (h.alive()) applySubmitError(h, records, e);
    return;
  }
  if (!h.alive()) return;
  if (ack.results.length !== records.length) {
    h.markUnknown(
      records.map((r) => h.current(r.clientRequestId)),
      'close-all answered a different number of items than positions read',
    );
    return;
  }
  applyAck(h, records, ack);
}
