import { randomUUID } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type { Clock } from '../clock/Clock.ts';
import type { Fill } from '../domain/fill.ts';
import { ClientRequestId, FillId, type IntentId, MarketSymbol, QuoteId, StrategyId } from '../domain/ids.ts';
import { dec } from '../domain/money.ts';
import type { RequestRecord } from '../domain/request.ts';
import { isTerminal, type RequestStatus, transition } from '../domain/requestStatus.ts';
import type { PositionSide } from '../domain/side.ts';
import { JournalError } from '../errors/JournalError.ts';
import { describeError } from '../log/redact.ts';
import { noteOutput, secretTap } from '../log/secretTap.ts';
import type { ExternalPositionRow, JournalPort, RequestPatch, RequestTransition } from './JournalPort.ts';
import { claimLease, markDead, markLive } from './lease.ts';
import { type RequestRow, recordToParams, rowToRecord } from './requestRow.ts';
import { SCHEMA, SCHEMA_VERSION } from './schema.ts';

export interface JournalOptions {
  readonly path: string;
  readonly clock: Clock;
  /** FULL fsyncs every commit (the default: an intent record must survive power loss). */
  readonly synchronous?: 'FULL' | 'NORMAL';
  /** How long a lease held from another host stays valid without a heartbeat. */
  readonly leaseTtlMs?: number;
}

export type { ExternalPositionRow, RequestPatch } from './JournalPort.ts';

const COLUMNS =
  'client_request_id,intent_id,strategy_id,kind,symbol,side,quantity,params,status,venue_status,temp_id,quote_id,batch_id,filled_quantity,avg_price,error_code,reason,created_at,submitted_at,updated_at';
const VALUES = COLUMNS.split(',')
  .map((c) => `$${c}`)
  .join(',');
const UPDATES = COLUMNS.split(',')
  .slice(1)
  .map((c) => `${c}=$${c}`)
  .join(',');

/**
 * The write-ahead journal (reliability.md A1) on node:sqlite in WAL mode. Writes are synchronous
 * transactions; the first failed write makes the journal refuse every later write (fail closed),
 * so nothing is sent that is not on disk.
 */
export class Journal implements JournalPort {
  readonly database: DatabaseSync;
  readonly path: string;
  readonly instanceId = randomUUID();
  private readonly clock: Clock;
  private readonly leaseTtlMs: number;
  private readonly cache = new Map<ClientRequestId, RequestRecord>();
  private readonly byIntentIndex = new Map<IntentId, ClientRequestId[]>();
  private readonly open = new Map<ClientRequestId, RequestRecord>();
  private failure: JournalError | undefined;
  private leaseScope: string | undefined;
  private closed = false;
  private depth = 0;
  private readonly stmt;

  constructor(database: DatabaseSync, options: JournalOptions) {
    this.database = database;
    this.path = options.path;
    this.clock = options.clock;
    this.leaseTtlMs = options.leaseTtlMs ?? 60_000;
    database.exec(`PRAGMA journal_mode=WAL; PRAGMA synchronous=${options.synchronous ?? 'FULL'};`);
    database.exec('PRAGMA busy_timeout=2000;');
    database.exec(SCHEMA);
    database
      .prepare('INSERT OR IGNORE INTO meta(key,value) VALUES (?,?)')
      .run('schemaVersion', `${SCHEMA_VERSION}`);
    this.stmt = {
      insert: database.prepare(`INSERT INTO requests(${COLUMNS}) VALUES (${VALUES})`),
      update: database.prepare(`UPDATE requests SET ${UPDATES} WHERE client_request_id=$client_request_id`),
      trans: database.prepare(
        'INSERT INTO transitions(client_request_id,from_status,to_status,at,note) VALUES (?,?,?,?,?)',
      ),
      fill: database.prepare(
        'INSERT OR IGNORE INTO fills(fill_id,client_request_id,strategy_id,quote_id,symbol,side,effect,quantity,price,fee,ts) VALUES (?,?,?,?,?,?,?,?,?,?,?)',
      ),
      getMeta: database.prepare('SELECT value FROM meta WHERE key=?'),
      setMeta: database.prepare(
        'INSERT INTO meta(key,value) VALUES (?,?) ON CONFLICT(key) DO UPDATE SET value=excluded.value',
      ),
      delMeta: database.prepare('DELETE FROM meta WHERE key=?'),
      dataVersion: database.prepare('PRAGMA data_version'),
    };
    for (const row of database.prepare('SELECT * FROM requests').all() as unknown as RequestRow[]) {
      this.remember(rowToRecord(row));
    }
  }

  /** The sticky error of the first failed write, if any: while set, nothing may be sent. */
  get writeFailure(): JournalError | undefined {
    return this.failure;
  }

  /** Runs `fn` in one IMMEDIATE transaction; a failure latches the journal closed for writes. */
  write<T>(what: string, fn: () => T): T {
    if (this.closed) throw new JournalError(`journal ${this.path} is closed; cannot ${what}`);
    if (this.failure !== undefined) throw this.failure;
    // Nested writes join the outer transaction: one commit (one fsync) for a group of changes.
    if (this.depth > 0) return fn();
    try {
      this.database.exec('BEGIN IMMEDIATE');
      this.depth++;
      let out: T;
      try {
        out = fn();
      } finally {
        this.depth--;
      }
      this.database.exec('COMMIT');
      return out;
    } catch (cause) {
      try {
        if (this.database.isTransaction) this.database.exec('ROLLBACK');
      } catch {
        // The rollback of a broken database may fail too; the latch below is what matters.
      }
      if (cause instanceof JournalError) throw cause;
      this.failure = new JournalError(`journal write failed (${what}): ${describeError(cause)}`, {
        details: { path: this.path, operation: what },
        cause,
      });
      throw this.failure;
    }
  }

  // ---- requests -------------------------------------------------------------------------------

  private remember(r: RequestRecord): void {
    if (!this.cache.has(r.clientRequestId)) {
      const list = this.byIntentIndex.get(r.intentId);
      if (list === undefined) this.byIntentIndex.set(r.intentId, [r.clientRequestId]);
      else list.push(r.clientRequestId);
    }
    this.cache.set(r.clientRequestId, r);
    if (isTerminal(r.status)) this.open.delete(r.clientRequestId);
    else this.open.set(r.clientRequestId, r);
  }

  /** Journals new requests (status CREATED) in one transaction. */
  insertRequests(records: readonly RequestRecord[]): void {
    this.write('insert requests', () => {
      for (const r of records) {
        if (secretTap.enabled) noteOutput('journal', JSON.stringify(r));
        this.stmt.insert.run(recordToParams(r));
        this.stmt.trans.run(r.clientRequestId, null, r.status, r.createdAt, null);
      }
    });
    for (const r of records) this.remember(r);
  }

  /**
   * Moves requests to new statuses through the transition table (illegal → throws before
   * anything is written) and applies their patches, in one transaction.
   */
  transitionMany(changes: readonly RequestTransition[]): RequestRecord[] {
    const now = this.clock.now();
    const next = changes.map((c) => {
      const cur = this.mustGet(c.id);
      transition(cur.status, c.to, c.id);
      return {
        from: cur.status,
        note: c.note,
        rec: { ...cur, ...c.patch, status: c.to, updatedAt: now } as RequestRecord,
      };
    });
    this.write('transition requests', () => {
      for (const n of next) {
        if (secretTap.enabled) noteOutput('journal', JSON.stringify(n.rec));
        this.stmt.update.run(recordToParams(n.rec));
        this.stmt.trans.run(n.rec.clientRequestId, n.from, n.rec.status, now, n.note ?? null);
      }
    });
    for (const n of next) this.remember(n.rec);
    return next.map((n) => n.rec);
  }

  transition(id: ClientRequestId, to: RequestStatus, patch?: RequestPatch, note?: string): RequestRecord {
    return this.transitionMany([
      { id, to, ...(patch ? { patch } : {}), ...(note ? { note } : {}) },
    ])[0] as RequestRecord;
  }

  /** Updates fields without a status change (venue status, fill progress). */
  update(id: ClientRequestId, patch: RequestPatch): RequestRecord {
    const rec = { ...this.mustGet(id), ...patch, updatedAt: this.clock.now() } as RequestRecord;
    this.write('update request', () => this.stmt.update.run(recordToParams(rec)));
    this.remember(rec);
    return rec;
  }

  get(id: ClientRequestId): RequestRecord | undefined {
    return this.cache.get(id);
  }

  private mustGet(id: ClientRequestId): RequestRecord {
    const r = this.cache.get(id);
    if (r === undefined) throw new JournalError(`no journaled request ${id}`);
    return r;
  }

  byIntent(intentId: IntentId): RequestRecord[] {
    return (this.byIntentIndex.get(intentId) ?? []).map((id) => this.cache.get(id) as RequestRecord);
  }

  all(): RequestRecord[] {
    return [...this.cache.values()];
  }

  /** Requests without a terminal status: what recovery must settle. */
  nonTerminal(): RequestRecord[] {
    return [...this.open.values()];
  }

  transitionsOf(
    id: ClientRequestId,
  ): { from: RequestStatus | null; to: RequestStatus; at: number; note: string | null }[] {
    return (
      this.database
        .prepare(
          'SELECT from_status, to_status, at, note FROM transitions WHERE client_request_id=? ORDER BY seq',
        )
        .all(id) as { from_status: string | null; to_status: string; at: number; note: string | null }[]
    ).map((t) => ({
      from: t.from_status as RequestStatus | null,
      to: t.to_status as RequestStatus,
      at: t.at,
      note: t.note,
    }));
  }

  // ---- fills ----------------------------------------------------------------------------------

  /** Records a fill once; false when its fillId was already applied (A10). */
  recordFill(f: Fill): boolean {
    return this.write('record fill', () => {
      if (secretTap.enabled) noteOutput('journal', JSON.stringify(f));
      const res = this.stmt.fill.run(
        f.fillId,
        f.clientRequestId,
        f.strategyId,
        f.quoteId,
        f.symbol,
        f.side,
        f.effect,
        f.quantity.toString(),
        f.price.toString(),
        f.fee.toString(),
        f.ts,
      );
      return Number(res.changes) === 1;
    });
  }

  fills(): Fill[] {
    const rows = this.database.prepare('SELECT * FROM fills ORDER BY rowid').all() as Record<
      string,
      string | number | null
    >[];
    return rows.map((r) => ({
      fillId: FillId(String(r.fill_id)),
      clientRequestId: r.client_request_id === null ? null : ClientRequestId(String(r.client_request_id)),
      strategyId: r.strategy_id === null ? null : StrategyId(String(r.strategy_id)),
      quoteId: r.quote_id === null ? null : QuoteId(String(r.quote_id)),
      symbol: MarketSymbol(String(r.symbol)),
      side: r.side as PositionSide,
      effect: r.effect as 'open' | 'close',
      quantity: dec(String(r.quantity)),
      price: dec(String(r.price)),
      fee: dec(String(r.fee)),
      ts: Number(r.ts),
    }));
  }

  // ---- meta (latched state) -------------------------------------------------------------------

  /** Changes when another connection committed: lets the risk gate's latch cache notice `perpflow halt`. */
  dataVersion(): number {
    return Number((this.stmt.dataVersion.get() as { data_version: number }).data_version);
  }

  getMeta(key: string): string | undefined {
    const row = this.stmt.getMeta.get(key) as { value: string } | undefined;
    return row?.value;
  }

  setMeta(key: string, value: string): void {
    this.write(`set ${key}`, () => this.stmt.setMeta.run(key, value));
  }

  deleteMeta(key: string): void {
    this.write(`delete ${key}`, () => this.stmt.delMeta.run(key));
  }

  // ---- external positions ---------------------------------------------------------------------

  /** True when the position was not known before (first sighting: alert once). */
  upsertExternal(p: Omit<ExternalPositionRow, 'firstSeen'>): boolean {
    const now = this.clock.now();
    return this.write('record external position', () => {
      const existing = this.database
        .prepare('SELECT 1 FROM external_positions WHERE position_key=?')
        .get(p.positionKey);
      this.database
        .prepare(
          `INSERT INTO external_positions(position_key,symbol,side,quantity,first_seen,last_seen) VALUES (?,?,?,?,?,?)
           ON CONFLICT(position_key) DO UPDATE SET quantity=excluded.quantity, last_seen=excluded.last_seen`,
        )
        .run(p.positionKey, p.symbol, p.side, p.quantity, now, now);
      return existing === undefined;
    });
  }

  removeExternal(positionKey: string): void {
    this.write('remove external position', () =>
      this.database.prepare('DELETE FROM external_positions WHERE position_key=?').run(positionKey),
    );
  }

  externals(): ExternalPositionRow[] {
    return (
      this.database.prepare('SELECT * FROM external_positions ORDER BY first_seen').all() as Record<
        string,
        string | number
      >[]
    ).map((r) => ({
      positionKey: String(r.position_key),
      symbol: String(r.symbol),
      side: r.side as PositionSide,
      quantity: String(r.quantity),
      firstSeen: Number(r.first_seen),
    }));
  }

  // ---- lease ----------------------------------------------------------------------------------

  /**
   * Takes the exclusive lease for `scope` (venue, chain, subaccount). Refuses with a JournalError
   * naming the holder when another live instance has it (reliability.md scenario 20).
   */
  acquireLease(scope: string): void {
    const now = this.clock.now();
    this.write('acquire lease', () =>
      claimLease(this.database, scope, this.instanceId, now, this.leaseTtlMs),
    );
    this.leaseScope = scope;
    markLive(this.instanceId);
  }

  heartbeat(): void {
    if (this.leaseScope === undefined) return;
    const scope = this.leaseScope;
    this.write('lease heartbeat', () =>
      this.database
        .prepare('UPDATE lease SET heartbeat_at=? WHERE scope=? AND instance_id=?')
        .run(this.clock.now(), scope, this.instanceId),
    );
  }

  get leaseHeld(): string | undefined {
    return this.leaseScope;
  }

  /** Orderly shutdown: releases the lease and closes the database. */
  close(): void {
    if (this.closed) return;
    if (this.leaseScope !== undefined && this.failure === undefined) {
      try {
        this.database
          .prepare('DELETE FROM lease WHERE scope=? AND instance_id=?')
          .run(this.leaseScope, this.instanceId);
      } catch {
        // A journal that cannot release its lease leaves it to the liveness check of the next instance.
      }
    }
    this.abandon();
  }

  /**
   * What a killed process leaves behind: the handle is gone, the lease row stays but its holder
   * is dead. Tests use it to simulate a crash in-process.
   */
  abandon(): void {
    if (this.closed) return;
    this.closed = true;
    markDead(this.instanceId);
    try {
      this.database.close();
    } catch {
      // Already closed.
    }
  }

  get isClosed(): boolean {
    return this.closed;
  }
}
