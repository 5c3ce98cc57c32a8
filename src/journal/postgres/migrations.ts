import { REQUEST_COLUMNS } from '../requestSql.ts';
import { RECORDING_MIGRATION } from './recordingMigration.ts';

/**
 * The PostgreSQL journal's schema, one migration per version, applied in order on start and never
 * edited once released (a new version appends one). Tables mirror the SQLite journal's; `lease`
 * adds the fencing token, which only increases: a release keeps the row (an expired heartbeat),
 * so the next holder's token is still higher.
 *
 * `perpflow_commit` applies one group commit in one round trip and one transaction. It first
 * checks the caller's fencing token against the lease row (FOR SHARE: a take-over waits for a
 * commit under way, and every commit after it sees the new token and is refused).
 */
const COLUMNS = REQUEST_COLUMNS.join(', ');
const UPDATE_SET = REQUEST_COLUMNS.slice(1)
  .map((c) => `${c} = r.${c}`)
  .join(', ');

const V1_CASES = `    WHEN 'insert' THEN
      INSERT INTO perpflow_requests(${COLUMNS})
        SELECT ${COLUMNS} FROM jsonb_populate_record(NULL::perpflow_requests, op->'row');
    WHEN 'update' THEN
      UPDATE perpflow_requests t SET ${UPDATE_SET}
        FROM jsonb_populate_record(NULL::perpflow_requests, op->'row') r
        WHERE t.client_request_id = r.client_request_id;
    WHEN 'transition' THEN
      INSERT INTO perpflow_transitions(client_request_id, from_status, to_status, at, note)
        VALUES (op->>'id', op->>'from', op->>'to', (op->>'at')::BIGINT, op->>'note');
    WHEN 'fill' THEN
      INSERT INTO perpflow_fills(fill_id, client_request_id, strategy_id, quote_id, symbol, side, effect,
          quantity, price, fee, ts)
        SELECT fill_id, client_request_id, strategy_id, quote_id, symbol, side, effect, quantity, price, fee, ts
        FROM jsonb_populate_record(NULL::perpflow_fills, op->'row')
        ON CONFLICT (fill_id) DO NOTHING;
    WHEN 'setMeta' THEN
      INSERT INTO perpflow_meta(key, value) VALUES (op->>'key', op->>'value')
        ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value;
    WHEN 'deleteMeta' THEN
      DELETE FROM perpflow_meta WHERE key = op->>'key';
    WHEN 'external' THEN
      INSERT INTO perpflow_external_positions
        SELECT * FROM jsonb_populate_record(NULL::perpflow_external_positions, op->'row')
        ON CONFLICT (position_key) DO UPDATE SET quantity = EXCLUDED.quantity, last_seen = EXCLUDED.last_seen;
`;

/** `perpflow_commit` with the operations of `cases`; V2 replaces V1's with one more operation. */
const commitFunction = (create: string, cases: string): string => `
${create} FUNCTION perpflow_commit(p_scope TEXT, p_token BIGINT, p_ops JSONB) RETURNS VOID
LANGUAGE plpgsql AS $fn$
DECLARE
  op JSONB;
  current_token BIGINT;
BEGIN
  IF p_scope IS NOT NULL THEN
    SELECT token INTO current_token FROM perpflow_lease WHERE scope = p_scope FOR SHARE;
    IF current_token IS DISTINCT FROM p_token THEN
      RAISE EXCEPTION 'stale fencing token % for %: the lease is now at token %', p_token, p_scope, current_token
        USING ERRCODE = 'PF001';
    END IF;
  END IF;
  FOR op IN SELECT value FROM jsonb_array_elements(p_ops) LOOP
    CASE op->>'op'
${cases}    ELSE
      RAISE EXCEPTION 'unknown journal operation %', op->>'op';
    END CASE;
  END LOOP;
END
$fn$;
`;

const V1 = `
CREATE TABLE perpflow_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE perpflow_requests (
  client_request_id TEXT PRIMARY KEY, intent_id TEXT NOT NULL, strategy_id TEXT NOT NULL,
  kind TEXT NOT NULL, symbol TEXT NOT NULL, side TEXT, quantity TEXT, params TEXT NOT NULL,
  status TEXT NOT NULL, venue_status TEXT, temp_id TEXT, quote_id TEXT, batch_id TEXT,
  filled_quantity TEXT, avg_price TEXT, error_code TEXT, reason TEXT,
  created_at BIGINT NOT NULL, submitted_at BIGINT, updated_at BIGINT NOT NULL,
  seq BIGSERIAL NOT NULL
);
CREATE INDEX perpflow_requests_intent ON perpflow_requests(intent_id);
CREATE TABLE perpflow_transitions (
  seq BIGSERIAL PRIMARY KEY, client_request_id TEXT NOT NULL, from_status TEXT,
  to_status TEXT NOT NULL, at BIGINT NOT NULL, note TEXT
);
CREATE INDEX perpflow_transitions_request ON perpflow_transitions(client_request_id);
CREATE TABLE perpflow_fills (
  seq BIGSERIAL, fill_id TEXT PRIMARY KEY, client_request_id TEXT, strategy_id TEXT, quote_id TEXT,
  symbol TEXT NOT NULL, side TEXT NOT NULL, effect TEXT NOT NULL, quantity TEXT NOT NULL,
  price TEXT NOT NULL, fee TEXT NOT NULL, ts BIGINT NOT NULL
);
CREATE TABLE perpflow_external_positions (
  position_key TEXT PRIMARY KEY, symbol TEXT NOT NULL, side TEXT NOT NULL, quantity TEXT NOT NULL,
  first_seen BIGINT NOT NULL, last_seen BIGINT NOT NULL
);
CREATE TABLE perpflow_lease (
  scope TEXT PRIMARY KEY, token BIGINT NOT NULL, instance_id TEXT NOT NULL, pid INTEGER NOT NULL,
  host TEXT NOT NULL, acquired_at TIMESTAMPTZ NOT NULL, heartbeat_at TIMESTAMPTZ NOT NULL
);
${commitFunction('CREATE', V1_CASES).slice(1)}`;

export interface Migration {
  readonly version: number;
  readonly sql: string;
}

/**
 * A dry run's paper account (the simulator's state it trades against), one per lease scope: kept
 * with the journal it belongs to, committed in the same group commits and fenced by the same token.
 */
const V2 = `
CREATE TABLE perpflow_paper_accounts (scope TEXT PRIMARY KEY, snapshot TEXT NOT NULL, saved_at BIGINT NOT NULL);
${commitFunction(
  'CREATE OR REPLACE',
  `${V1_CASES}    WHEN 'paper' THEN
      INSERT INTO perpflow_paper_accounts(scope, snapshot, saved_at)
        VALUES (op->>'scope', op->>'snapshot', (op->>'at')::BIGINT)
        ON CONFLICT (scope) DO UPDATE SET snapshot = EXCLUDED.snapshot, saved_at = EXCLUDED.saved_at;
`,
).slice(1)}`;

export const MIGRATIONS: readonly Migration[] = [
  { version: 1, sql: V1 },
  { version: 2, sql: V2 },
  { version: 3, sql: RECORDING_MIGRATION },
];

/** The newest schema this version of perpflow knows. */
export const PG_SCHEMA_VERSION = MIGRATIONS.length;
