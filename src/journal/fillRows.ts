import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { Fill } from '../domain/fill.ts';
import { ClientRequestId, FillId, MarketSymbol, QuoteId, StrategyId } from '../domain/ids.ts';
import { PositionSide } from '../domain/side.ts';
import { rowColumns } from './rowColumns.ts';

const EFFECTS = ['open', 'close'] as const;

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

/** The fills, validated column by column (a row this version cannot read fails the open, located). */
export function readFills(db: DatabaseSync): Fill[] {
  return db.prepare('SELECT * FROM fills ORDER BY rowid').all().map(fillFromRow);
}

/** One `fills` row (SQLite or PostgreSQL: the same columns), checked column by column. */
export function fillFromRow(r: Readonly<Record<string, unknown>>): Fill {
  const c = rowColumns('fills', r, 'fill_id');
  const clientRequestId = c.optStr('client_request_id');
  const strategyId = c.optStr('strategy_id');
  const quoteId = c.optStr('quote_id');
  return {
    fillId: FillId(c.str('fill_id')),
    clientRequestId: clientRequestId === undefined ? null : ClientRequestId(clientRequestId),
    strategyId: strategyId === undefined ? null : StrategyId(strategyId),
    quoteId: quoteId === undefined ? null : QuoteId(quoteId),
    symbol: MarketSymbol(c.str('symbol')),
    side: c.member('side', Object.values(PositionSide)),
    effect: c.member('effect', EFFECTS),
    quantity: c.decimal('quantity'),
    price: c.decimal('price'),
    fee: c.decimal('fee'),
    ts: c.num('ts'),
  };
}
