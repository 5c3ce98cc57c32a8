import { FewMap } from '../domain/FewMap.ts';
import type { ClientRequestId, IntentId } from '../domain/ids.ts';
import type { RequestRecord } from '../domain/request.ts';
import { isTerminal } from '../domain/requestStatus.ts';
import { JournalError } from '../errors/JournalError.ts';

/** What an intent with no request answers: one shared empty list, not a new array per new intent. */
const NONE: readonly RequestRecord[] = Object.freeze([]);

/** The journal's in-memory view of its requests: by id, by intent (in insert order), and open ones. */
export class RequestCache {
  private readonly byId = new Map<ClientRequestId, RequestRecord>();
  /** An intent's request ids in insert order: the one id itself while it has one (nearly always), no array per intent. */
  private readonly byIntentIndex = new Map<IntentId, ClientRequestId | ClientRequestId[]>();
  /** The requests not yet terminal: a few at a time, each added and removed once (no Map churn). */
  private readonly open = new FewMap<ClientRequestId, RequestRecord>();
  /**
   * The intent the last `byIntent` found no request for, while none has been added since: the
   * executor asks before it inserts, and the insert then skips a second miss. A miss in a map of
   * every intent of a long backtest is the costly lookup (it reads other keys on the way).
   */
  private missed: IntentId | undefined;

  remember(r: RequestRecord): void {
    const id = r.clientRequestId;
    const size = this.byId.size;
    this.byId.set(id, r);
    // A new id grew the map: index it by intent (a transition only replaces the record).
    if (this.byId.size !== size) {
      const ids = r.intentId === this.missed ? undefined : this.byIntentIndex.get(r.intentId);
      this.missed = undefined;
      if (ids === undefined) this.byIntentIndex.set(r.intentId, id);
      else if (typeof ids === 'string') this.byIntentIndex.set(r.intentId, [ids, id]);
      else ids.push(id);
    }
    if (isTerminal(r.status)) this.open.delete(id);
    else this.open.set(id, r);
  }

  has(id: ClientRequestId): boolean {
    return this.byId.has(id);
  }

  get(id: ClientRequestId): RequestRecord | undefined {
    return this.byId.get(id);
  }

  mustGet(id: ClientRequestId): RequestRecord {
    const r = this.byId.get(id);
    if (r === undefined) throw new JournalError(`no journaled request ${id}`);
    return r;
  }

  byIntent(intentId: IntentId): readonly RequestRecord[] {
    if (intentId === this.missed) return NONE;
    const ids = this.byIntentIndex.get(intentId);
    if (ids === undefined) {
      this.missed = intentId;
      return NONE;
    }
    if (typeof ids === 'string') return [this.mustGet(ids)];
    const out: RequestRecord[] = [];
    for (const id of ids) out.push(this.mustGet(id));
    return out;
  }

  all(): RequestRecord[] {
    return [...this.byId.values()];
  }

  nonTerminalCount(): number {
    return this.open.size;
  }

  nonTerminal(): RequestRecord[] {
    return this.open.size === 0 ? [] : this.open.values();
  }
}
