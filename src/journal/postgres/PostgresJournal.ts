import type { Pool } from 'pg';
import type { Clock } from '../../clock/Clock.ts';
import type { Fill } from '../../domain/fill.ts';
import type { ClientRequestId } from '../../domain/ids.ts';
import type { RequestRecord } from '../../domain/request.ts';
import { patchRecord } from '../../domain/requestShape.ts';
import { transition } from '../../domain/requestStatus.ts';
import { JournalError } from '../../errors/JournalError.ts';
import { describeError } from '../../log/redact.ts';
import { noteOutput, secretTap } from '../../log/secretTap.ts';
import { CachedRequestReads } from '../CachedRequestReads.ts';
import type { ExternalPositionRow, JournalPort, RequestPatch, RequestTransition } from '../JournalPort.ts';
import { recordToParams } from '../requestRow.ts';
import { closePgPool } from './closePgPool.ts';
import { keepPgLease } from './keepPgLease.ts';
import { type PgState, readPgMeta } from './loadPgState.ts';
import { PgCommitQueue, type PgOp } from './PgCommitQueue.ts';
import { pgPaperAccount } from './pgPaperAccount.ts';
import { externalRow, fillRow, isStaleToken, metaDiffers } from './pgRows.ts';

/** What `openPostgresJournal` hands over once it holds the lease and has read the state. */
export interface PgJournalParts {
  readonly pool: Pool;
  readonly clock: Clock;
  /** The URL with its password redacted: what logs and errors name. */
  readonly where: string;
  readonly instanceId: string;
  readonly scope: string;
  readonly token: number;
  readonly renewMs: number;
  readonly state: PgState;
  /** The lease went to another instance (or this one was fenced off): this process must stop trading. */
  readonly onLeaseLost?: (e: JournalError) => void;
}

/**
 * The journal on PostgreSQL, shared by an active and its standbys. Reads come from memory (loaded
 * when the lease was taken); writes change memory at once and reach the database in group
 * commits (`pendingCommit`), each carrying this instance's fencing token: once a standby has taken
 * the lease, the database refuses every commit of the old holder, and the journal fails closed.
 */
export class PostgresJournal extends CachedRequestReads implements JournalPort {
  readonly path: string;
  readonly instanceId: string;
  /** A commit costs a round trip: the outcomes of a tick share one, as SQLite's share an fsync. */
  readonly syncsToDisk = true;
  readonly leaseSpansHosts = true;
  readonly fencingToken: number;
  private readonly p: PgJournalParts;
  private readonly queue: PgCommitQueue;
  private readonly fillLog: Map<string, Fill>;
  private readonly meta: Map<string, string>;
  private readonly externalRows: Map<string, ExternalPositionRow>;
  private failure: JournalError | undefined;
  private closed = false;
  private closing: Promise<void> | undefined;
  private depth = 0;
  private version = 0;
  private writes = 0;
  private readonly lease: { renew(): Promise<void>; stop(): void };
  readonly paperAccount: ReturnType<typeof pgPaperAccount>;

  constructor(p: PgJournalParts) {
    super();
    this.p = p;
    this.path = p.where;
    this.instanceId = p.instanceId;
    this.fencingToken = p.token;
    for (const r of p.state.requests) this.cache.remember(r);
    this.fillLog = new Map(p.state.fills.map((f) => [f.fillId, f]));
    this.meta = new Map(p.state.meta);
    this.externalRows = new Map(p.state.externals.map((e) => [e.positionKey, e]));
    this.queue = new PgCommitQueue((ops) => this.commit(ops));
    this.paperAccount = pgPaperAccount(p, (op) => this.write('save paper account', () => this.push(op)));
    this.lease = keepPgLease({
      ...p,
      active: () => !this.closed && this.failure === undefined,
      unreachable: (cause) => this.latch('lease renewal', cause),
      lost: () =>
        this.p.onLeaseLost?.(
          this.latch('lease renewal', new Error(`the lease of ${p.scope} was taken over`)),
        ),
      renewed: () => this.noticeForeignMeta(),
    });
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
    this.writes++;
    try {
      return fn();
    } catch (cause) {
      if (cause instanceof JournalError) throw cause;
      throw this.latch(what, cause);
    } finally {
      this.depth--;
      this.queue.schedule();
    }
  }

  pendingCommit(): Promise<void> | undefined {
    return this.queue.pending();
  }

  private latch(what: string, cause: unknown): JournalError {
    this.failure ??= new JournalError(`journal write failed (${what}): ${describeError(cause)}`, {
      details: { path: this.path, operation: what },
      cause,
    });
    return this.failure;
  }

  /** One round trip, one transaction, refused by the database when the token is stale. */
  private async commit(ops: readonly PgOp[]): Promise<void> {
    if (this.failure !== undefined) throw this.failure;
    try {
      await this.p.pool.query('SELECT perpflow_commit($1, $2, $3::jsonb)', [
        this.p.scope,
        this.fencingToken,
        JSON.stringify(ops),
      ]);
    } catch (cause) {
      const e = this.latch('commit', cause);
      if (isStaleToken(cause)) this.p.onLeaseLost?.(e);
      throw e;
    }
  }

  private push(op: PgOp): void {
    if (secretTap.enabled) noteOutput('journal', JSON.stringify(op));
    this.queue.push(op);
  }

  insertRequests(records: readonly RequestRecord[]): void {
    this.write('insert requests', () => {
      for (const r of records)
        if (this.cache.has(r.clientRequestId))
          throw new Error(`duplicate key value violates unique constraint (request ${r.clientRequestId})`);
      for (const r of records) {
        this.push({ op: 'insert', row: recordToParams(r) });
        this.push({
          op: 'transition',
          id: r.clientRequestId,
          from: null,
          to: r.status,
          at: r.createdAt,
          note: null,
        });
      }
    });
    for (const r of records) this.cache.remember(r);
  }

  transitionMany(changes: readonly RequestTransition[]): RequestRecord[] {
    const now = this.p.clock.now();
    const next = changes.map((c) => {
      const cur = this.cache.mustGet(c.id);
      transition(cur.status, c.to, c.id);
      const rec = patchRecord(cur, c.patch, c.to, now);
      return { from: cur.status, note: c.note ?? null, rec };
    });
    this.write('transition requests', () => {
      for (const n of next) {
        this.push({ op: 'update', row: recordToParams(n.rec) });
        this.push({
          op: 'transition',
          id: n.rec.clientRequestId,
          from: n.from,
          to: n.rec.status,
          at: now,
          note: n.note,
        });
      }
    });
    for (const n of next) this.cache.remember(n.rec);
    return next.map((n) => n.rec);
  }

  update(id: ClientRequestId, patch: RequestPatch): RequestRecord {
    const cur = this.cache.mustGet(id);
    const rec = patchRecord(cur, patch, cur.status, this.p.clock.now());
    this.write('update request', () => this.push({ op: 'update', row: recordToParams(rec) }));
    this.cache.remember(rec);
    return rec;
  }

  recordFill(f: Fill): boolean {
    return this.write('record fill', () => {
      if (this.fillLog.has(f.fillId)) return false;
      this.push({ op: 'fill', row: fillRow(f) });
      this.fillLog.set(f.fillId, f);
      return true;
    });
  }

  fills(): Fill[] {
    return [...this.fillLog.values()];
  }

  /** Moves when a renewal found meta changed by another process (`perpflow halt`). */
  dataVersion(): number {
    return this.version;
  }

  getMeta(key: string): string | undefined {
    return this.meta.get(key);
  }

  setMeta(key: string, value: string): void {
    this.write(`set ${key}`, () => {
      this.push({ op: 'setMeta', key, value });
      this.meta.set(key, value);
    });
  }

  deleteMeta(key: string): void {
    this.write(`delete ${key}`, () => {
      this.push({ op: 'deleteMeta', key });
      this.meta.delete(key);
    });
  }

  upsertExternal(p: Omit<ExternalPositionRow, 'firstSeen'>): boolean {
    const now = this.p.clock.now();
    return this.write('record external position', () => {
      const existing = this.externalRows.get(p.positionKey);
      const row = { ...p, firstSeen: existing?.firstSeen ?? now };
      this.externalRows.set(p.positionKey, row);
      this.push({ op: 'external', row: { ...externalRow(row), last_seen: now } });
      return existing === undefined;
    });
  }

  externals(): ExternalPositionRow[] {
    return [...this.externalRows.values()].sort((a, b) => a.firstSeen - b.firstSeen);
  }

  // ---- lease ----------------------------------------------------------------------------------

  /** Opened holding the lease of its scope: any other scope is refused. */
  acquireLease(scope: string): void {
    if (scope !== this.p.scope)
      throw new JournalError(`journal ${this.path} holds the lease of ${this.p.scope}, not of ${scope}`);
  }

  get leaseHeld(): string | undefined {
    return this.closed ? undefined : this.p.scope;
  }

  heartbeat(): void {
    void this.lease.renew();
  }

  /**
   * Another process may change meta (`perpflow halt`): the copy is refreshed when none of this
   * journal's own writes is in between, and `dataVersion` moves so latch caches reload.
   */
  private async noticeForeignMeta(): Promise<void> {
    const before = this.writes;
    if (this.queue.pending() !== undefined) return;
    const theirs = await readPgMeta(this.p.pool);
    if (this.writes !== before || this.queue.pending() !== undefined || !metaDiffers(this.meta, theirs))
      return;
    this.meta.clear();
    for (const [k, v] of theirs) this.meta.set(k, v);
    this.version++;
  }

  /** Orderly close: the last commit lands, then the lease is released (a standby takes over at once). */
  close(): Promise<void> {
    if (this.closing !== undefined) return this.closing;
    if (this.closed) return Promise.resolve();
    const lease = this.failure === undefined ? { scope: this.p.scope, token: this.fencingToken } : undefined;
    this.lease.stop();
    this.closed = true;
    this.closing = closePgPool(this.p.pool, this.pendingCommit() ?? Promise.resolve(), lease);
    return this.closing;
  }

  /** What a killed process leaves: nothing more is written, the lease expires by its TTL. */
  abandon(): void {
    if (this.closed) return;
    this.closed = true;
    this.failure ??= new JournalError(`journal ${this.path} was abandoned`);
    this.lease.stop();
    void this.p.pool.end().catch(() => undefined);
  }
}
