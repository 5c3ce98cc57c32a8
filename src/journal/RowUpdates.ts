import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { RequestRecord } from '../domain/request.ts';
import { wireParams } from '../domain/requestOrder.ts';
import { paramsToJson } from './requestRow.ts';

type Cell = string | number | null;
const text = (v: { toString(): string } | undefined): string | null =>
  v === undefined ? null : v.toString();

/** Every column after the key: the record field it holds and how it is written (recordToParams' way). */
const COLUMNS: readonly (readonly [keyof RequestRecord, string, (r: RequestRecord) => Cell])[] = [
  ['intentId', 'intent_id', (r) => r.intentId],
  ['strategyId', 'strategy_id', (r) => r.strategyId],
  ['kind', 'kind', (r) => r.kind],
  ['symbol', 'symbol', (r) => r.symbol],
  ['side', 'side', (r) => r.side ?? null],
  ['quantity', 'quantity', (r) => text(r.quantity)],
  ['order', 'params', (r) => paramsToJson(wireParams(r.order))],
  ['status', 'status', (r) => r.status],
  ['venueStatus', 'venue_status', (r) => r.venueStatus ?? null],
  ['tempId', 'temp_id', (r) => r.tempId ?? null],
  ['quoteId', 'quote_id', (r) => r.quoteId ?? null],
  ['batchId', 'batch_id', (r) => r.batchId ?? null],
  ['filledQuantity', 'filled_quantity', (r) => text(r.filledQuantity)],
  ['avgPrice', 'avg_price', (r) => text(r.avgPrice)],
  ['errorCode', 'error_code', (r) => r.errorCode ?? null],
  ['reason', 'reason', (r) => r.reason ?? null],
  ['createdAt', 'created_at', (r) => r.createdAt],
  ['submittedAt', 'submitted_at', (r) => r.submittedAt ?? null],
  ['updatedAt', 'updated_at', (r) => r.updatedAt],
];

/**
 * A request row's update, setting only the columns whose field the change replaced (patchRecord
 * keeps every other field's value, the same object). Writing every column made SQLite rewrite
 * the three indexes of each (intent, status, tempId) and serialize the order again on every
 * transition; the row that results is the same. One prepared statement per set of columns (a
 * handful: a transition sets the status and a few fields, always the same ones per kind of move).
 */
export class RowUpdates {
  private readonly database: DatabaseSync;
  private readonly statements = new Map<number, StatementSync>();

  constructor(database: DatabaseSync) {
    this.database = database;
  }

  /** Writes `next` over the row of `cur` (the record as the journal holds it now). */
  run(cur: RequestRecord, next: RequestRecord): void {
    let mask = 0;
    for (let i = 0; i < COLUMNS.length; i++) {
      const field = (COLUMNS[i] as (typeof COLUMNS)[number])[0];
      if (cur[field] !== next[field]) mask |= 1 << i;
    }
    if (mask === 0) return;
    // Positional: node:sqlite looks each named parameter up, about 3× the cost of binding by place.
    const values: Cell[] = [];
    for (let i = 0; i < COLUMNS.length; i++)
      if ((mask & (1 << i)) !== 0) values.push((COLUMNS[i] as (typeof COLUMNS)[number])[2](next));
    values.push(next.clientRequestId);
    this.statement(mask).run(...values);
  }

  private statement(mask: number): StatementSync {
    let s = this.statements.get(mask);
    if (s === undefined) {
      const sets = COLUMNS.filter((_, i) => (mask & (1 << i)) !== 0).map(([, c]) => `${c}=?`);
      s = this.database.prepare(`UPDATE requests SET ${sets.join(',')} WHERE client_request_id=?`);
      this.statements.set(mask, s);
    }
    return s;
  }
}
