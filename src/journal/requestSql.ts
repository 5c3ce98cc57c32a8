import type { DatabaseSync } from 'node:sqlite';
import type { ClientRequestId } from '../domain/ids.ts';
import type { RequestRecord } from '../domain/request.ts';
import { REQUEST_STATUSES, type RequestStatus } from '../domain/requestStatus.ts';
import { rowToRecord } from './requestRow.ts';
import { rowColumns } from './rowColumns.ts';

const COLUMNS =
  'client_request_id,intent_id,strategy_id,kind,symbol,side,quantity,params,status,venue_status,temp_id,quote_id,batch_id,filled_quantity,avg_price,error_code,reason,created_at,submitted_at,updated_at';
/** The columns of a request row, the key first. */
export const REQUEST_COLUMNS: readonly string[] = COLUMNS.split(',');
const VALUES = COLUMNS.split(',')
  .map((c) => `$${c}`)
  .join(',');

export const INSERT_REQUEST_SQL = `INSERT INTO requests(${COLUMNS}) VALUES (${VALUES})`;
/** The same insert with positional parameters, bound from `recordToValues` (about 3× cheaper in node:sqlite). */
export const INSERT_REQUEST_VALUES_SQL = `INSERT INTO requests(${COLUMNS}) VALUES (${REQUEST_COLUMNS.map(() => '?').join(',')})`;

export const INSERT_TRANSITION_SQL =
  'INSERT INTO transitions(client_request_id,from_status,to_status,at,note) VALUES (?,?,?,?,?)';
export const SET_META_SQL =
  'INSERT INTO meta(key,value) VALUES (?,?) ON CONFLICT(key) DO UPDATE SET value=excluded.value';

export interface TransitionRow {
  readonly from: RequestStatus | null;
  readonly to: RequestStatus;
  readonly at: number;
  readonly note: string | null;
}

/** A request's status history, oldest first. */
export function readTransitions(db: DatabaseSync, id: ClientRequestId): TransitionRow[] {
  const rows = db
    .prepare(
      'SELECT from_status, to_status, at, note FROM transitions WHERE client_request_id=? ORDER BY seq',
    )
    .all(id);
  return rows.map((t) => {
    const c = rowColumns('transitions', t, 'at');
    return {
      from: t.from_status === null ? null : c.member('from_status', REQUEST_STATUSES),
      to: c.member('to_status', REQUEST_STATUSES),
      at: c.num('at'),
      note: typeof t.note === 'string' ? t.note : null,
    };
  });
}

/** The journal's requests as records (all of them, or those of one kind), each row checked by rowToRecord. */
export function readRequestRecords(db: DatabaseSync, kind?: string): RequestRecord[] {
  const rows =
    kind === undefined
      ? db.prepare('SELECT * FROM requests').all()
      : db.prepare('SELECT * FROM requests WHERE kind = ?').all(kind);
  return rows.map(rowToRecord);
}
