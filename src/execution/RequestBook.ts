import { FewMap } from '../domain/FewMap.ts';
import type { Fill } from '../domain/fill.ts';
import type { ClientRequestId, IntentId } from '../domain/ids.ts';
import type { Intent } from '../domain/intent.ts';
import type { RecordKind, RequestRecord } from '../domain/request.ts';
import { patchRecord } from '../domain/requestShape.ts';
import { canTransition, isTerminal, type RequestStatus } from '../domain/requestStatus.ts';
import { JournalError } from '../errors/JournalError.ts';
import type { JournalPort } from '../journal/JournalPort.ts';
import { describeError } from '../log/redact.ts';
import { DenialReason } from '../risk/denialReason.ts';
import type { ExecutionEvent } from './events.ts';
import type { ExposureIndex } from './exposureIndex.ts';
import type { RequestChange } from './requestChange.ts';
import type { SubmitResult } from './submitResult.ts';

/** What the book needs from the executor around it. */
export interface RequestBookHost {
  readonly journal: JournalPort;
  readonly index: ExposureIndex;
  alive(): boolean;
  emit(e: ExecutionEvent): void;
  /** A request became terminal: stop polling it. */
  untrack(id: ClientRequestId): void;
  /** A journal write failed: fail closed (the executor stops sending and halts). */
  onJournalFailure(e: unknown): void;
  /** A freshly journaled request may go out (the batcher; a TP/SL may wait for its open's fill). */
  send(kind: RecordKind, id: ClientRequestId): void;
  /** After every status change: TP/SL requests follow their open (held, released, dropped). */
  afterMove(records: readonly RequestRecord[]): void;
  applyFill(fill: Fill): boolean;
  /** Runs `fn` on the next timer tick (the outcome group commit on a journal that syncs to disk). */
  nextTick(fn: () => void): void;
  /** A committed outcome was a liquidation: reconcile soon. */
  onLiquidation(): void;
}

export interface Outcome {
  readonly change: RequestChange;
  readonly fill?: Fill;
  readonly liquidated: boolean;
}

interface QueuedInsert {
  readonly record: RequestRecord;
  readonly intent: Intent;
  readonly resolve: (r: SubmitResult) => void;
}

/** The queue between turns: empty, never pushed to (an insert into it starts a new one); frozen, so a push would throw. */
const NO_INSERTS: readonly QueuedInsert[] = Object.freeze([]);

const changeOf = (o: Outcome): RequestChange => o.change;
const isLiquidated = (o: Outcome): boolean => o.liquidated;

/**
 * Request bookkeeping: every status change (journal transition table, exposure index, event),
 * the insert group commit and the outcome group commit. One fsync per event-loop turn of
 * accepted intents, one per timer tick of outcomes.
 */
export class RequestBook {
  private readonly host: RequestBookHost;
  private insertQueue: readonly QueuedInsert[] = NO_INSERTS;
  /** The turn's queue while it has inserts: `insertQueue` itself, as the array this class may push to. */
  private growing: QueuedInsert[] | undefined;
  private readonly outcomes = new FewMap<ClientRequestId, Outcome>();
  private outcomeCommitScheduled = false;
  // Made once: a closure per insert or outcome was an allocation on every round trip.
  private readonly commitInsertsLater = () => this.commitInserts();
  private readonly commitOutcomesLater = () => this.commitOutcomes();
  private readonly applyOutcomesNow = () => this.applyOutcomes();
  private applying: readonly Outcome[] = [];

  constructor(host: RequestBookHost) {
    this.host = host;
  }

  /** The request of an intent accepted this turn but not journaled yet. */
  queuedFor(intentId: IntentId): ClientRequestId | undefined {
    // The queue holds one event-loop turn's intents (usually one or two): a scan, not a map that
    // would be filled and emptied again on every submit.
    for (const b of this.insertQueue) if (b.intent.intentId === intentId) return b.record.clientRequestId;
    return undefined;
  }

  /** Journals `record` with everything else accepted in this turn of the event loop. */
  insert(record: RequestRecord, intent: Intent): Promise<SubmitResult> {
    this.host.index.update(record);
    return new Promise<SubmitResult>((resolve) => {
      const q: QueuedInsert = { record, intent, resolve };
      // The turn's first insert starts a queue of one: a first push would make room for 17.
      if (this.growing === undefined) {
        this.growing = [q];
        this.insertQueue = this.growing;
        queueMicrotask(this.commitInsertsLater);
      } else this.growing.push(q);
    });
  }

  /** Group commit: no intent of the batch can reach the batcher, let alone the network, before it. */
  private commitInserts(): void {
    const h = this.host;
    const batch = this.insertQueue;
    this.insertQueue = NO_INSERTS;
    this.growing = undefined;
    if (!h.alive()) {
      this.refuse(batch, DenialReason.TRADING_HALTED, 'the executor stopped before the intent was journaled');
      return;
    }
    try {
      h.journal.insertRequests(
        batch.length === 1 && batch[0] !== undefined ? [batch[0].record] : batch.map((b) => b.record),
      );
    } catch (e) {
      h.onJournalFailure(e);
      this.refuse(batch, DenialReason.JOURNAL_FAILED, describeError(e));
      return;
    }
    // A networked journal commits in groups: nothing is sent before the insert is durable.
    // SQLite and memory have nothing pending, and the batch goes on in this same turn.
    const pending = h.journal.pendingCommit();
    if (pending === undefined) this.release(batch);
    else
      pending.then(
        () => (h.alive() ? this.release(batch) : this.refuse(batch, DenialReason.TRADING_HALTED, 'stopped')),
        (e: unknown) => {
          h.onJournalFailure(e);
          this.refuse(batch, DenialReason.JOURNAL_FAILED, describeError(e));
        },
      );
  }

  private release(batch: readonly QueuedInsert[]): void {
    const h = this.host;
    for (const b of batch) {
      const id = b.record.clientRequestId;
      h.emit({ type: 'intentAccepted', intentId: b.intent.intentId, clientRequestIds: [id] });
      h.send(b.record.kind, id);
      b.resolve({ status: 'accepted', clientRequestIds: [id] });
    }
  }

  private refuse(batch: readonly QueuedInsert[], reason: DenialReason, message: string): void {
    const h = this.host;
    for (const b of batch) {
      h.index.update(patchRecord(b.record, undefined, 'NOT_SENT', b.record.updatedAt));
      h.emit({ type: 'intentDenied', intent: b.intent, reason, message });
      b.resolve({ status: 'denied', reason, message });
    }
  }

  /** Every status change goes through here: journal (transition table), index, event. */
  move(changes: readonly RequestChange[]): RequestRecord[] {
    if (changes.length === 0) return [];
    const h = this.host;
    // The statuses before the move: the one change's (nearly every move) without an array.
    const [one] = changes;
    const first = one === undefined ? undefined : h.journal.get(one.id)?.status;
    let before: (RequestStatus | undefined)[] | undefined;
    if (changes.length > 1) before = changes.map((c) => h.journal.get(c.id)?.status);
    let out: RequestRecord[];
    try {
      // Neither journal keeps or changes the changes it is given: no defensive copy.
      out = h.journal.transitionMany(changes);
    } catch (e) {
      if (e instanceof JournalError) h.onJournalFailure(e);
      throw e;
    }
    let i = 0;
    for (const r of out) {
      const from = before === undefined ? first : before[i];
      i++;
      h.index.update(r);
      if (isTerminal(r.status)) h.untrack(r.clientRequestId);
      h.emit({
        type: 'requestTransition',
        clientRequestId: r.clientRequestId,
        from: from as RequestStatus,
        to: r.status,
        record: r,
      });
    }
    h.afterMove(out);
    return out;
  }

  /** An outcome is waiting for its commit: later reports of the same request are ignored. */
  hasOutcome(id: ClientRequestId): boolean {
    return this.outcomes.has(id);
  }

  /**
   * Outcomes that arrive within one timer tick share one transaction (one fsync). In memory there
   * is no fsync to share, and a timer would cost a backtest an event-loop turn per request: the
   * commit waits only for the current run of code (commitOutcomes does nothing once stopped).
   */
  addOutcome(outcome: Outcome, immediate: boolean): void {
    this.outcomes.set(outcome.change.id, outcome);
    if (immediate) this.commitOutcomes();
    else if (!this.outcomeCommitScheduled) {
      this.outcomeCommitScheduled = true;
      if (this.host.journal.syncsToDisk) this.host.nextTick(this.commitOutcomesLater);
      else queueMicrotask(this.commitOutcomesLater);
    }
  }

  commitOutcomes(): void {
    const h = this.host;
    this.outcomeCommitScheduled = false;
    if (this.outcomes.size === 0) return;
    // The outcomes that still apply: the list of them all when every one does (nearly always).
    const all = this.outcomes.values();
    let valid = all;
    for (const i of all) {
      const cur = h.journal.get(i.change.id);
      if (cur !== undefined && canTransition(cur.status, i.change.to)) continue;
      valid = all.filter((o) => {
        const c = h.journal.get(o.change.id);
        return c !== undefined && canTransition(c.status, o.change.to);
      });
      break;
    }
    this.outcomes.clear();
    if (valid.length === 0 || !h.alive()) return;
    // Handed to the write's body through fields, not a closure made per commit; a commit re-entered
    // from an event's subscriber sets its own and puts these back, so a body run again sees its own.
    const outer = this.applying;
    this.applying = valid;
    try {
      h.journal.write('apply outcomes', this.applyOutcomesNow);
    } catch (e) {
      if (e instanceof JournalError) h.onJournalFailure(e);
      else throw e;
      return;
    } finally {
      this.applying = outer;
    }
    if (valid.some(isLiquidated)) h.onLiquidation();
  }

  /** The body of the outcome commit's write: the outcomes in `applying` moved, then their fills. */
  private applyOutcomes(): void {
    const valid = this.applying;
    this.move(valid.map(changeOf));
    for (const o of valid) if (o.fill !== undefined) this.host.applyFill(o.fill);
  }
}
