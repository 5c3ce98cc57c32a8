import type { DatabaseSync } from 'node:sqlite';
import type { PositionSide } from '../domain/side.ts';
import type { ExternalPositionRow } from './JournalPort.ts';

/** True when the position was not known before (first sighting: alert once). */
export function upsertExternalRow(
  db: DatabaseSync,
  p: Omit<ExternalPositionRow, 'firstSeen'>,
  now: number,
): boolean {
  const existing = db.prepare('SELECT 1 FROM external_positions WHERE position_key=?').get(p.positionKey);
  db.prepare(
    `INSERT INTO external_positions(position_key,symbol,side,quantity,first_seen,last_seen) VALUES (?,?,?,?,?,?)
     ON CONFLICT(position_key) DO UPDATE SET quantity=excluded.quantity, last_seen=excluded.last_seen`,
  ).run(p.positionKey, p.symbol, p.side, p.quantity, now, now);
  return existing === undefined;
}

export function deleteExternalRow(db: DatabaseSync, positionKey: string): void {
  db.prepare('DELETE FROM external_positions WHERE position_key=?').run(positionKey);
}

export function readExternals(db: DatabaseSync): ExternalPositionRow[] {
  const rows = db.prepare('SELECT * FROM external_positions ORDER BY first_seen').all() as Record<
    string,
    string | number
  >[];
  return rows.map((r) => ({
    positionKey: String(r.position_key),
    symbol: String(r.symbol),
    side: r.side as PositionSide,
    quantity: String(r.quantity),
    firstSeen: Number(r.first_seen),
  }));
}
