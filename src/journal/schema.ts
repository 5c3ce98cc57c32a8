/**
 * The journal's tables. Requests hold the current state of each request (one row, updated in
 * place); `transitions` is the append-only history; `fills` is the exactly-once set the ledger is
 * rebuilt from; `meta` holds latched state (trading state, capability halts) that must survive a
 * restart; `lease` makes one writer per (venue, chain, subaccount).
 */
export const SCHEMA_VERSION = 1;

export const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;
CREATE TABLE IF NOT EXISTS requests (
  client_request_id TEXT PRIMARY KEY,
  intent_id TEXT NOT NULL,
  strategy_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  symbol TEXT NOT NULL,
  side TEXT,
  quantity TEXT,
  params TEXT NOT NULL,
  status TEXT NOT NULL,
  venue_status TEXT,
  temp_id TEXT,
  quote_id TEXT,
  batch_id TEXT,
  filled_quantity TEXT,
  avg_price TEXT,
  error_code TEXT,
  reason TEXT,
  created_at INTEGER NOT NULL,
  submitted_at INTEGER,
  updated_at INTEGER NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS requests_intent ON requests(intent_id);
CREATE INDEX IF NOT EXISTS requests_status ON requests(status);
CREATE INDEX IF NOT EXISTS requests_temp ON requests(temp_id);
CREATE TABLE IF NOT EXISTS transitions (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  client_request_id TEXT NOT NULL,
  from_status TEXT,
  to_status TEXT NOT NULL,
  at INTEGER NOT NULL,
  note TEXT
) STRICT;
CREATE INDEX IF NOT EXISTS transitions_request ON transitions(client_request_id);
CREATE TABLE IF NOT EXISTS fills (
  fill_id TEXT PRIMARY KEY,
  client_request_id TEXT,
  strategy_id TEXT,
  quote_id TEXT,
  symbol TEXT NOT NULL,
  side TEXT NOT NULL,
  effect TEXT NOT NULL,
  quantity TEXT NOT NULL,
  price TEXT NOT NULL,
  fee TEXT NOT NULL,
  ts INTEGER NOT NULL
) STRICT;
CREATE TABLE IF NOT EXISTS external_positions (
  position_key TEXT PRIMARY KEY,
  symbol TEXT NOT NULL,
  side TEXT NOT NULL,
  quantity TEXT NOT NULL,
  first_seen INTEGER NOT NULL,
  last_seen INTEGER NOT NULL
) STRICT;
CREATE TABLE IF NOT EXISTS lease (
  scope TEXT PRIMARY KEY,
  instance_id TEXT NOT NULL,
  pid INTEGER NOT NULL,
  host TEXT NOT NULL,
  acquired_at INTEGER NOT NULL,
  heartbeat_at INTEGER NOT NULL
) STRICT;
`;
