import { existsSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import type { Fill } from '../domain/fill.ts';
import { ClientRequestId, IntentId, StrategyId } from '../domain/ids.ts';
import type { RequestRecord } from '../domain/request.ts';
import type { RequestOrigin } from '../domain/requestOrigin.ts';
import { ConfigError } from '../errors/ConfigError.ts';
import { describeError } from '../log/redact.ts';
import { readFills } from './fillRows.ts';
import { readRequestRecords } from './requestSql.ts';

/** The tables every perpflow journal has (schema.ts); a file without them is someone else's. */
const REQUIRED_TABLES = ['meta', 'requests', 'fills', 'external_positions', 'lease'] as const;

export interface OpenRequestRow {
  readonly id: string;
  readonly kind: string;
  readonly symbol: string;
  readonly side: string | null;
  readonly quantity: string | null;
  readonly status: string;
  readonly tempId: string | null;
}

export interface LeaseHolder {
  readonly scope: string;
  readonly pid: number;
  readonly host: string;
  readonly heartbeatAt: number;
}

/**
 * A journal opened for reading only (status): SQLite's readOnly mode, so nothing — not a table,
 * not a WAL file's schema — is written to a file an operator merely asked about.
 */
export interface ReadOnlyJournal {
  readonly path: string;
  meta(key: string): string | undefined;
  metaWithPrefix(prefix: string): { key: string; value: string }[];
  requestStatuses(): string[];
  requests(): OpenRequestRow[];
  fillCount(): number;
  /** Every fill, validated as the journal reads them (the ledger is rebuilt from these). */
  fills(): Fill[];
  /** The TP/SL requests, whole (which were refused, and for which position). */
  tpslRequests(): RequestRecord[];
  /** Each request's intent, strategy and creation time: what pairs a fill with its intent (the drift report). */
  origins(): RequestOrigin[];
  /** Per strategy: distinct intents, requests by status. */
  strategyCounts(): { strategyId: string; intents: number; byStatus: Record<string, number> }[];
  externalCount(): number;
  lease(): LeaseHolder[];
  /** A dry run's paper account the store keeps itself (PostgreSQL); absent: a file beside `path`. */
  paperAccount?(): { readonly where: string; readonly text: string } | undefined;
  close(): void;
}

function notAJournal(path: string, why: string, cause?: unknown): ConfigError {
  return new ConfigError(
    `--journal: ${path} is not a perpflow journal (${why})`,
    cause === undefined ? {} : { cause },
  );
}

/** Opens read-only and checks the file is a perpflow journal; refuses (exit 2) anything else. */
export function openReadOnlyJournal(path: string): ReadOnlyJournal {
  if (!existsSync(path)) throw new ConfigError(`--journal: no journal at ${path}`);
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(path, { readOnly: true });
  } catch (e) {
    throw notAJournal(path, `cannot open it as SQLite: ${describeError(e)}`);
  }
  try {
    const tables = new Set(
      db
        .prepare("SELECT name FROM sqlite_master WHERE type='table'")
        .all()
        .map((r) => String(r.name)),
    );
    const missing = REQUIRED_TABLES.filter((t) => !tables.has(t));
    if (tables.size === 0) throw notAJournal(path, 'it is empty');
    if (missing.length > 0) throw notAJournal(path, `no ${missing.join(', ')} table`);
    if (db.prepare("SELECT 1 FROM meta WHERE key='schemaVersion'").get() === undefined)
      throw notAJournal(path, 'no schemaVersion in its meta table');
  } catch (e) {
    db.close();
    if (e instanceof ConfigError) throw e;
    throw notAJournal(path, describeError(e));
  }
  const all = (sql: string, ...args: string[]) => db.prepare(sql).all(...args);
  const count = (table: string): number => Number(db.prepare(`SELECT count(*) AS n FROM ${table}`).get()?.n);
  const textOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
  return {
    path,
    meta: (key) => textOrNull(all('SELECT value FROM meta WHERE key=?', key)[0]?.value) ?? undefined,
    metaWithPrefix: (prefix) =>
      all('SELECT key, value FROM meta WHERE substr(key, 1, length(?)) = ? ORDER BY key', prefix, prefix).map(
        (r) => ({ key: String(r.key), value: String(r.value) }),
      ),
    requestStatuses: () => all('SELECT status FROM requests').map((r) => String(r.status)),
    requests: () =>
      all(
        'SELECT client_request_id, kind, symbol, side, quantity, status, temp_id FROM requests ORDER BY created_at',
      ).map((r) => ({
        id: String(r.client_request_id),
        kind: String(r.kind),
        symbol: String(r.symbol),
        side: textOrNull(r.side),
        quantity: textOrNull(r.quantity),
        status: String(r.status),
        tempId: textOrNull(r.temp_id),
      })),
    fillCount: () => count('fills'),
    fills: () => readFills(db),
    tpslRequests: () => readRequestRecords(db, 'setTpSl'),
    origins: () =>
      all('SELECT client_request_id, intent_id, strategy_id, created_at FROM requests').map((r) => ({
        clientRequestId: ClientRequestId(String(r.client_request_id)),
        intentId: IntentId(String(r.intent_id)),
        strategyId: StrategyId(String(r.strategy_id)),
        createdAt: Number(r.created_at),
      })),
    strategyCounts: () => {
      const out = new Map<
        string,
        { strategyId: string; intents: number; byStatus: Record<string, number> }
      >();
      for (const r of all(
        'SELECT strategy_id, status, count(*) AS n FROM requests GROUP BY strategy_id, status ORDER BY strategy_id',
      )) {
        const strategyId = String(r.strategy_id);
        const entry = out.get(strategyId) ?? { strategyId, intents: 0, byStatus: {} };
        entry.byStatus[String(r.status)] = Number(r.n);
        out.set(strategyId, entry);
      }
      for (const r of all(
        'SELECT strategy_id, count(DISTINCT intent_id) AS intents FROM requests GROUP BY strategy_id',
      )) {
        const entry = out.get(String(r.strategy_id));
        if (entry !== undefined) entry.intents = Number(r.intents);
      }
      return [...out.values()];
    },
    externalCount: () => count('external_positions'),
    lease: () =>
      all('SELECT scope, pid, host, heartbeat_at FROM lease').map((r) => ({
        scope: String(r.scope),
        pid: Number(r.pid),
        host: String(r.host),
        heartbeatAt: Number(r.heartbeat_at),
      })),
    close: () => db.close(),
  };
}

/** Refuses a file that is not a perpflow journal before a writing command (halt, resume) opens it. */
export function assertPerpflowJournal(path: string): void {
  openReadOnlyJournal(path).close();
}
