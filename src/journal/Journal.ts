import { randomUUID } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type { Clock } from '../clock/Clock.ts';
import type { Fill } from '../domain/fill.ts';
import type { ClientRequestId } from '../domain/ids.ts';
import type { RequestRecord } from '../domain/request.ts';
import { patchRecord } from '../domain/requestShape.ts';
import { transition } from '../domain/requestStatus.ts';
import type { JournalError } from '../errors/JournalError.ts';
import { noteOutput, secretTap } from '../log/secretTap.ts';
import { CachedRequestReads } from './CachedRequestReads.ts';
import { DataVersion } from './DataVersion.ts';
import { deleteExternalRow, readExternals, upsertExternalRow } from './externalRows.ts';
import { insertFill, readFills } from './fillRows.ts';
import type { ExternalPositionRow, JournalPort, RequestPatch, RequestTransition } from './JournalPort.ts';
import { beatLease, claimLease, markDead, markLive, releaseLease, SQLITE_LEASE_TTL_MS } from './lease.ts';
import { RowUpdates } from './RowUpdates.ts';
import { recordToValues } from './requestRow.ts';
import {
  INSERT_REQUEST_VALUES_SQL,
  INSERT_TRANSITION_SQL,
  readRequestRecords,
  readTransitions,
  SET_META_SQL,
  type TransitionRow,
} from './requestSql.ts';
import { SqliteWrites } from './SqliteWrites.ts';
import { SCHEMA, SCHEMA_VERSION } from './schema.ts';

export interface JournalOptions {
  readonly path: string;
  readonly clock: Clock;
  /** FULL fsyncs every commit (the default: an intent record must survive power loss). */
  readonly synchronous?: 'FULL' | 'NORMAL';
  /** How long a lease held from another host stays valid without a heartbeat. */
  readonly leaseTtlMs?: number;
  /**
   * The writes of one event-loop turn share one transaction and one fsync, committed at the
   * turn's end (`TurnCommit`); `pendingCommit()` is that commit, which the executor awaits before
   * anything reaches the venue. Off: every write commits (and fsyncs) inside `write`. The kernel
   * turns it on; an operator command writes and exits, and keeps it off.
   */
  readonly groupCommit?: boolean;
}

export type { ExternalPositionRow, RequestPatch } from './JournalPort.ts';

/**
 * The write-ahead journal (reliability.md A1) on node:sqlite in WAL mode. Writes are synchronous
 * transactions; the first failed write makes the journal refuse every later write (fail closed),
 * so nothing is sent that is not on disk.
 */
export class Journal extends CachedRequestReads implements JournalPort {
  readonly database: DatabaseSync;
  readonly path: string;
  readonly instanceId = randomUUID();
  readonly syncsToDisk = true;
  readonly leaseSpansHosts = false;
  private readonly clock: Clock;
  private readonly leaseTtlMs: number;
  private leaseScope: string | undefined;
  private closed = false;
  private readonly stmt;
  private readonly writes: SqliteWrites;
  private readonly rows: RowUpdates;
  private readonly version: DataVersion;

  constructor(database: DatabaseSync, options: JournalOptions) {
    super();
    this.database = database;
    this.path = options.path;
    this.clock = options.clock;
    this.leaseTtlMs = options.leaseTtlMs ?? SQLITE_LEASE_TTL_MS;
    database.exec(`PRAGMA journal_mode=WAL; PRAGMA synchronous=${options.synchronous ?? 'FULL'};`);
    database.exec('PRAGMA busy_timeout=2000;');
    // Each write is a savepoint (group commit's TurnCommit, or a nested write), and SQLite keeps
    // the pages a savepoint changes in a statement journal so that ROLLBACK TO can restore them:
    // by default a temporary file (/var/tmp/etilqs_*), one pwrite of every page a write touches,
    // about as many as the WAL itself gets. That journal is only read by a rollback inside the
    // live transaction, never by crash recovery (an uncommitted transaction is gone with the
    // process either way), so memory is as safe: 30 µs of system CPU less per intent.
    database.exec('PRAGMA temp_store=MEMORY;');
    database.exec(SCHEMA);
    database
      .prepare('INSERT OR IGNORE INTO meta(key,value) VALUES (?,?)')
      .run('schemaVersion', `${SCHEMA_VERSION}`);
    this.stmt = {
      insert: database.prepare(INSERT_REQUEST_VALUES_SQL),
      trans: database.prepare(INSERT_TRANSITION_SQL),
      getMeta: database.prepare('SELECT value FROM meta WHERE key=?'),
      setMeta: database.prepare(SET_META_SQL),
      delMeta: database.prepare('DELETE FROM meta WHERE key=?'),
    };
    for (const record of readRequestRecords(database)) this.cache.remember(record);
    this.rows = new RowUpdates(database);
    this.version = new DataVersion(database.prepare('PRAGMA data_version'));
    this.writes = new SqliteWrites(database, options.path, options.groupCommit === true, this.version.began);
  }

  /** The sticky error of the first failed write, if any: while set, nothing may be sent. */
  get writeFailure(): JournalError | undefined {
    return this.writes.failed;
  }

  /**
   * Runs `fn` in one IMMEDIATE transaction (with `groupCommit`, as one savepoint of the turn's
   * transaction); a failure latches the journal closed for writes.
   */
  write<T>(what: string, fn: () => T): T {
    return this.writes.run(what, fn);
  }

  /** The turn's commit while one is under way (`groupCommit`); undefined when every write is on disk. */
  pendingCommit(): Promise<void> | undefined {
    return this.writes.pending();
  }

  // ---- requests -------------------------------------------------------------------------------

  /** Journals new requests (status CREATED) in one transaction. */
  insertRequests(records: readonly RequestRecord[]): void {
    this.write('insert requests', () => {
      for (const r of records) {
        if (secretTap.enabled) noteOutput('journal', JSON.stringify(r));
        this.stmt.insert.run(...recordToValues(r));
        this.stmt.trans.run(r.clientRequestId, null, r.status, r.createdAt, null);
      }
    });
    for (const r of records) this.cache.remember(r);
  }

  /**
   * Moves requests to new statuses through the transition table (illegal → throws before
   * anything is written) and applies their patches, in one transaction.
   */
  transitionMany(changes: readonly RequestTransition[]): RequestRecord[] {
    const now = this.clock.now();
    const next = changes.map((c) => {
      const cur = this.cache.mustGet(c.id);
      transition(cur.status, c.to, c.id);
      return {
        cur,
        from: cur.status,
        note: c.note,
        rec: patchRecord(cur, c.patch, c.to, now),
      };
    });
    this.write('transition requests', () => {
      for (const n of next) {
        if (secretTap.enabled) noteOutput('journal', JSON.stringify(n.rec));
        this.rows.run(n.cur, n.rec);
        this.stmt.trans.run(n.rec.clientRequestId, n.from, n.rec.status, now, n.note ?? null);
      }
    });
    for (const n of next) this.cache.remember(n.rec);
    return next.map((n) => n.rec);
  }

  /** Updates fields without a status change (venue status, fill progress). */
  update(id: ClientRequestId, patch: RequestPatch): RequestRecord {
    const cur = this.cache.mustGet(id);
    const rec = patchRecord(cur, patch, cur.status, this.clock.now());
    this.write('update request', () => this.rows.run(cur, rec));
    this.cache.remember(rec);
    return rec;
  }

  transitionsOf(id: ClientRequestId): TransitionRow[] {
    return readTransitions(this.database, id);
  }

  // ---- fills ----------------------------------------------------------------------------------

  /** Records a fill once; false when its fillId was already applied (A10). */
  recordFill(f: Fill): boolean {
    return this.write('record fill', () => {
      if (secretTap.enabled) noteOutput('journal', JSON.stringify(f));
      return insertFill(this.database, f);
    });
  }

  fills(): Fill[] {
    return readFills(this.database);
  }

  // ---- meta (latched state) -------------------------------------------------------------------

  /** Changes when another connection committed: lets the risk gate's latch cache notice `perpflow halt`. */
  dataVersion(): number {
    return this.version.read();
  }

  getMeta(key: string): string | undefined {
    const value = this.stmt.getMeta.get(key)?.value;
    return typeof value === 'string' ? value : undefined;
  }

  setMeta(key: string, value: string): void {
    this.write(`set ${key}`, () => this.stmt.setMeta.run(key, value));
    this.writes.commitTurn();
  }

  deleteMeta(key: string): void {
    this.write(`delete ${key}`, () => this.stmt.delMeta.run(key));
    this.writes.commitTurn();
  }

  // ---- external positions ---------------------------------------------------------------------

  /** True when the position was not known before (first sighting: alert once). */
  upsertExternal(p: Omit<ExternalPositionRow, 'firstSeen'>): boolean {
    const now = this.clock.now();
    return this.write('record external position', () => upsertExternalRow(this.database, p, now));
  }

  removeExternal(positionKey: string): void {
    this.write('remove external position', () => deleteExternalRow(this.database, positionKey));
  }

  externals(): ExternalPositionRow[] {
    return readExternals(this.database);
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
    this.writes.commitTurn();
    this.leaseScope = scope;
    markLive(this.instanceId);
  }

  heartbeat(): void {
    if (this.leaseScope === undefined) return;
    const scope = this.leaseScope;
    this.write('lease heartbeat', () => beatLease(this.database, scope, this.instanceId, this.clock.now()));
    this.writes.commitTurn();
  }

  get leaseHeld(): string | undefined {
    return this.leaseScope;
  }

  /** Orderly shutdown: releases the lease and closes the database. */
  close(): void {
    if (this.closed) return;
    if (this.writes.failed === undefined) this.writes.commitTurn();
    if (this.leaseScope !== undefined && this.writes.failed === undefined) {
      try {
        releaseLease(this.database, this.leaseScope, this.instanceId);
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
    this.writes.close();
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
