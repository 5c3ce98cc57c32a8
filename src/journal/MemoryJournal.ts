import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock/Clock.ts';
import type { Fill } from '../domain/fill.ts';
import type { ClientRequestId } from '../domain/ids.ts';
import type { RequestRecord } from '../domain/request.ts';
import { patchRecord } from '../domain/requestShape.ts';
import { transition } from '../domain/requestStatus.ts';
import { JournalError } from '../errors/JournalError.ts';
import { describeError } from '../log/redact.ts';
import { noteOutput, secretTap } from '../log/secretTap.ts';
import { CachedRequestReads } from './CachedRequestReads.ts';
import type { ExternalPositionRow, JournalPort, RequestPatch, RequestTransition } from './JournalPort.ts';

/** The body of a write that only checks the journal may be written (no closure per call). */
const nothing = (): undefined => undefined;

/**
 * The journal of a backtest: the same semantics as the SQLite `Journal` (transition table, fills
 * exactly once, byIntent, nonTerminal, meta, fail closed after a failed write) with nothing on
 * disk. A backtest has no process to survive, so no lease and no fsync.
 */
export class MemoryJournal extends CachedRequestReads implements JournalPort {
  readonly path = ':memory-journal:';
  readonly instanceId = randomUUID();
  readonly syncsToDisk = false;
  readonly leaseSpansHosts = false;
  private scope: string | undefined;
  private readonly clock: Clock;
  private readonly fillLog = new Map<string, Fill>();
  private readonly meta = new Map<string, string>();
  private readonly externalRows = new Map<string, ExternalPositionRow>();
  private failure: JournalError | undefined;
  private closed = false;
  private depth = 0;

  constructor(clock: Clock) {
    super();
    this.clock = clock;
  }

  get writeFailure(): JournalError | undefined {
    return this.failure;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  write<T>(what: string, fn: () => T): T {
    if (this.closed) throw new JournalError(`journal ${this.path} is closed; cannot ${what}`);
    if (this.failure !== undefined) throw this.failure;
    if (this.depth > 0) return fn();
    this.depth++;
    try {
      return fn();
    } catch (cause) {
      if (cause instanceof JournalError) throw cause;
      this.failure = new JournalError(`journal write failed (${what}): ${describeError(cause)}`, {
        details: { path: this.path, operation: what },
        cause,
      });
      throw this.failure;
    } finally {
      this.depth--;
    }
  }

  private remember(r: RequestRecord): void {
    if (secretTap.enabled) noteOutput('journal', JSON.stringify(r));
    this.cache.remember(r);
  }

  insertRequests(records: readonly RequestRecord[]): void {
    this.write('insert requests', () => {
      for (const r of records)
        if (this.cache.has(r.clientRequestId))
          throw new Error(`UNIQUE constraint failed: requests.client_request_id (${r.clientRequestId})`);
    });
    for (const r of records) this.remember(r);
  }

  transitionMany(changes: readonly RequestTransition[]): RequestRecord[] {
    const now = this.clock.now();
    // A loop, not `map`: its callback was a closure (and a context) per call of every round trip.
    // Sized once: pushing into [] makes room for 17 records on the first push.
    const next = new Array<RequestRecord>(changes.length);
    let i = 0;
    for (const c of changes) {
      const cur = this.mustGet(c.id);
      transition(cur.status, c.to, c.id);
      next[i++] = patchRecord(cur, c.patch, c.to, now);
    }
    this.write('transition requests', nothing);
    for (const r of next) this.remember(r);
    return next;
  }

  update(id: ClientRequestId, patch: RequestPatch): RequestRecord {
    const cur = this.mustGet(id);
    const rec = patchRecord(cur, patch, cur.status, this.clock.now());
    this.write('update request', nothing);
    this.remember(rec);
    return rec;
  }

  private mustGet(id: ClientRequestId): RequestRecord {
    return this.cache.mustGet(id);
  }

  recordFill(f: Fill): boolean {
    return this.write('record fill', () => {
      if (this.fillLog.has(f.fillId)) return false;
      if (secretTap.enabled) noteOutput('journal', JSON.stringify(f));
      this.fillLog.set(f.fillId, f);
      return true;
    });
  }

  fills(): Fill[] {
    return [...this.fillLog.values()];
  }

  dataVersion(): number {
    return 0;
  }

  getMeta(key: string): string | undefined {
    return this.meta.get(key);
  }

  setMeta(key: string, value: string): void {
    this.write(`set ${key}`, () => this.meta.set(key, value));
  }

  deleteMeta(key: string): void {
    this.write(`delete ${key}`, () => this.meta.delete(key));
  }

  upsertExternal(p: Omit<ExternalPositionRow, 'firstSeen'>): boolean {
    return this.write('record external position', () => {
      const existing = this.externalRows.get(p.positionKey);
      this.externalRows.set(p.positionKey, { ...p, firstSeen: existing?.firstSeen ?? this.clock.now() });
      return existing === undefined;
    });
  }

  externals(): ExternalPositionRow[] {
    return [...this.externalRows.values()].sort((a, b) => a.firstSeen - b.firstSeen);
  }

  pendingCommit(): undefined {
    return undefined;
  }

  /** No other process can open this journal: the lease is only remembered. */
  acquireLease(scope: string): void {
    this.scope = scope;
  }

  get leaseHeld(): string | undefined {
    return this.scope;
  }

  heartbeat(): void {}

  close(): void {
    this.closed = true;
  }

  abandon(): void {
    this.closed = true;
  }
}
