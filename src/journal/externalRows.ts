import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { PositionSide } from '../domain/side.ts';
import type { ExternalPositionRow } from './JournalPort.ts';
import { rowColumns } from './rowColumns.ts';

const statements = new WeakMap<
  DatabaseSync,
  { readonly seen: StatementSync; readonly upsert: StatementSync }
>();

/**
 * Prepared once per database: a reconcile pass upserts every external position it sees, and
 * preparing two statements per row cost more than running them.
 */
function statementsOf(db: DatabaseSync): { readonly seen: StatementSync; readonly upsert: StatementSync } {
  let s = statements.get(db);
  if (s === undefined) {
    s = {
      seen: db.prepare('SELECT 1 FROM external_positions WHERE position_key=?'),
      upsert: db.prepare(
        `INSERT INTO external_positions(position_key,symbol,side,quantity,first_seen,last_seen) VALUES (?,?,?,?,?,?)
     ON CONFLICT(position_key) DO UPDATE SET quantity=excluded.quantity, last_seen=excluded.last_seen`,
      ),
    };
    statements.set(db, s);
  }
  return s;
}

/** True when the position was not known before (first sighting: alert once). */
export function upsertExternalRow(
  db: DatabaseSync,
  p: Omit<ExternalPositionRow, 'firstSeen'>,
  now: number,
): boolean {
  const { seen, upsert } = statementsOf(db);
  const existing = seen.get(p.positionKey);
  upsert.run(p.positionKey, p.symbol, p.side, p.quantity, now, now);
  return existing === undefined;
}

export function deleteExternalRow(db: DatabaseSync, positionKey: string): void {
  db.prepare('DELETE FROM external_positions WHERE position_key=?').run(positionKey);
}

/** Positions seen at the venue that are not ours, validated column by column. */
export function readExternals(db: DatabaseSync): ExternalPositionRow[] {
  return db.prepare('SELECT * FROM external_positions ORDER BY first_seen').all().map(externalFromRow);
}

/** One `external_positions` row (SQLite or PostgreSQL), checked column by column. */
export function externalFromRow(r: Readonly<Record<string, unknown>>): ExternalPositionRow {
  const c = rowColumns('external_positions', r, 'position_key');
  c.decimal('quantity'); // checked as a decimal, kept as its exact text
  return {
    positionKey: c.str('position_key'),
    symbol: c.str('symbol'),
    side: c.member('side', Object.values(PositionSide)),
    quantity: c.str('quantity'),
    firstSeen: c.num('first_seen'),
  };
}
