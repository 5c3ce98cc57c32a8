import type { Fill } from '../domain/fill.ts';
import type { ClientRequestId, IntentId } from '../domain/ids.ts';
import type { RequestRecord } from '../domain/request.ts';
import type { RequestStatus } from '../domain/requestStatus.ts';
import type { PositionSide } from '../domain/side.ts';

// The order (and kind, params) of a request is fixed when it is built: a patch cannot change what was asked.
export type RequestPatch = Partial<
  Omit<RequestRecord, 'clientRequestId' | 'status' | 'createdAt' | 'kind' | 'order' | 'params'>
>;

export interface RequestTransition {
  readonly id: ClientRequestId;
  readonly to: RequestStatus;
  readonly patch?: RequestPatch;
  readonly note?: string;
}

export interface ExternalPositionRow {
  readonly positionKey: string;
  readonly symbol: string;
  readonly side: PositionSide;
  readonly quantity: string;
  readonly firstSeen: number;
}

/**
 * What the executor needs of a journal. Two implementations with one semantics (one suite runs
 * over both): the SQLite `Journal` (live, dry-run, sim) and `MemoryJournal` (backtests).
 * Statuses move only through the transition table; a fill id is recorded once; the first failed
 * write latches `writeFailure` and every later write refuses (fail closed).
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
  insertRequests(records: readonly RequestRecord[]): void;
  transitionMany(changes: readonly RequestTransition[]): RequestRecord[];
  transition(id: ClientRequestId, to: RequestStatus, patch?: RequestPatch, note?: string): RequestRecord;
  update(id: ClientRequestId, patch: RequestPatch): RequestRecord;
  get(id: ClientRequestId): RequestRecord | undefined;
  byIntent(intentId: IntentId): RequestRecord[];
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
  heartbeat(): void;
  /** Orderly close. */
  close(): void;
  /** What a killed process leaves: the handle is gone, nothing more is written. */
  abandon(): void;
}
