import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { Fill } from '../domain/fill.ts';
import { ClientRequestId, FillId, MarketSymbol, QuoteId, StrategyId } from '../domain/ids.ts';
import { dec } from '../domain/money.ts';
import type { PositionSide } from '../domain/side.ts';

const inserts = new WeakMap<DatabaseSync, StatementSync>();

/** INSERT OR IGNORE: true when the fill id was new (a fill is recorded exactly once, A10). */
export function insertFill(db: DatabaseSync, f: Fill): boolean {
  let stmt = inserts.get(db);
  if (stmt === undefined) {
    stmt = db.prepare(
      'INSERT OR IGNORE INTO fills(fill_id,client_request_id,strategy_id,quote_id,symbol,side,effect,quantity,price,fee,ts) VALUES (?,?,?,?,?,?,?,?,?,?,?)',
    );
    inserts.set(db, stmt);
  }
  const res = stmt.run(
    f.fillId,
    f.clientRequestId,
    f.strategyId,
    f.quoteId,
    f.symbol,
    f.side,
    f.effect,
    f.quantity.toString(),
    f.price.toString(),
    f.fee.toString(),
    f.ts,
  );
  return Number(res.changes) === 1;
}

export function readFills(db: DatabaseSync): Fill[] {
  const rows = db.prepare('SELECT * FROM fills ORDER BY rowid').all() as Record<
    string,
    string | number | null
  >[];
  return rows.map((r) => ({
    fillId: FillId(String(r.fill_id)),
    clientRequestId: r.client_request_id === null ? null : ClientRequestId(String(r.client_request_id)),
    strategyId: r.strategy_id === null ? null : StrategyId(String(r.strategy_id)),
    quoteId: r.quote_id === null ? null : QuoteId(String(r.quote_id)),
    symbol: MarketSymbol(String(r.symbol)),
    side: r.side as PositionSide,
    effect: r.effect as 'open' | 'close',
    quantity: dec(String(r.quantity)),
    price: dec(String(r.price)),
    fee: dec(String(r.fee)),
    ts: Number(r.ts),
  }));
}
