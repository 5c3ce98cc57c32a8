import type { Fill } from '../domain/fill.ts';
import type { ClientRequestId, IntentId } from '../domain/ids.ts';
import type { RequestRecord } from '../domain/request.ts';
import type { RequestPatch } from '../domain/requestShape.ts';
import type { RequestStatus } from '../domain/requestStatus.ts';
import type { PositionSide } from '../domain/side.ts';

// What a status change may set (requestShape.ts): never the kind, the order only for a relative TP/SL leg.
export type { RequestPatch };

export interface RequestTransition {
  readonly id: ClientRequestId;
  readonly to: RequestStatus;
  readonly patch?: RequestPatch;
  readonly note?: string;
}

/**
 * Where a store keeps a dry run's paper account itself (PostgreSQL: in its database, committed
 * with the journal's own writes and fenced by its lease), as the snapshot's JSON text.
 */
export interface PaperAccountSlot {
  /** Where, for the operator: the store and the lease scope. */
  readonly where: string;
  read(): string | undefined;
  /** Recorded with the journal's next commit; refused as any write of a closed or failed journal. */
  write(snapshot: string): void;
}

export interface ExternalPositionRow {
  readonly positionKey: string;
  readonly symbol: string;
  readonly side: PositionSide;
  readonly quantity: string;
  readonly firstSeen: number;
}

/**
 * What the executor needs of a journal. Three implementations with one semantics (one contract
 * suite runs over all): the SQLite `Journal` (live, dry-run, sim), `MemoryJournal` (backtests)
 * and `PostgresJournal` (a store on the network, shared by an active and a standby).
 * Statuses move only through the transition table; a fill id is recorded once; the first failed
 * write latches `writeFailure` and every later write refuses (fail closed).
 *
 * Reads are synchronous, from the store's memory. A write changes that memory at once and is
 * durable when `pendingCommit()` says so: memory, and SQLite without `groupCommit`, commit inside
 * `write` (nothing is ever pending); SQLite with `groupCommit` commits the writes of an event-loop
 * turn at its end, one fsync; a networked store commits in groups, one round trip for the writes
 * of a turn.
 */
export interface JournalPort {
  readonly path: string;
  readonly instanceId: string;
  readonly writeFailure: unknown;
  readonly isClosed: boolean;
  /**
   * True when a commit waits for the disk (SQLite's fsync): the executor then lets the outcomes
   * of one timer tick share a transaction. False in memory, where each commits when it arrives.
   */
  readonly syncsToDisk: boolean;
  /** Runs `fn` as one transaction; nested writes join the outer one. */
  write<T>(what: string, fn: () => T): T;
  /**
   * The commit of everything written so far, while it is still under way; undefined when all of
   * it is durable already (memory and SQLite without group commit: always, so a caller pays no
   * extra turn). Rejects
   * with the latched JournalError when the commit fails. Nothing may reach the venue before the
   * write that registered it is durable: a caller awaits this between the write and the call.
   */
  pendingCommit(): Promise<void> | undefined;
  insertRequests(records: readonly RequestRecord[]): void;
  transitionMany(changes: readonly RequestTransition[]): RequestRecord[];
  transition(id: ClientRequestId, to: RequestStatus, patch?: RequestPatch, note?: string): RequestRecord;
  update(id: ClientRequestId, patch: RequestPatch): RequestRecord;
  get(id: ClientRequestId): RequestRecord | undefined;
  byIntent(intentId: IntentId): readonly RequestRecord[];
  all(): RequestRecord[];
  nonTerminal(): RequestRecord[];
  /** How many requests `nonTerminal` would list, without building the list. */
  nonTerminalCount(): number;
  recordFill(f: Fill): boolean;
  fills(): Fill[];
  getMeta(key: string): string | undefined;
  setMeta(key: string, value: string): void;
  deleteMeta(key: string): void;
  /** Changes when another process committed (latch caches reload then). */
  dataVersion(): number;
  upsertExternal(p: Omit<ExternalPositionRow, 'firstSeen'>): boolean;
  externals(): ExternalPositionRow[];
  /**
   * Takes the exclusive lease for `scope` (venue, chain, subaccount), or refuses with a
   * JournalError naming the live holder. A networked store is opened already holding it (it
   * waits as a standby until it can); this then only checks the scope is the one it holds.
   */
  acquireLease(scope: string): void;
  /** The scope whose lease this journal holds, if any. */
  readonly leaseHeld: string | undefined;
  /**
   * True when the lease is seen by every host (a shared database): a host-wide lock file then
   * adds nothing, and would keep a standby on the same host from taking over.
   */
  readonly leaseSpansHosts: boolean;
  /** Absent: a dry run keeps its paper account in a file beside `path` (paperAccount.ts). */
  readonly paperAccount?: PaperAccountSlot;
  /** Renews the lease; a lease lost to another instance latches a write failure (fail closed). */
  heartbeat(): void;
  /**
   * Orderly close. A networked store's answer settles once its last commit landed and its lease
   * is released: a caller that awaits it before exiting lets a standby take over at once, not
   * after the lease's TTL.
   */
  close(): void | Promise<void>;
  /** What a killed process leaves: the handle is gone, nothing more is written. */
  abandon(): void;
}
