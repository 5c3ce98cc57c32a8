import type { Fill } from '../../domain/fill.ts';
import type { ExternalPositionRow } from '../JournalPort.ts';

/** The SQLSTATE `perpflow_commit` raises for a stale fencing token (migrations.ts). */
const STALE_TOKEN = 'PF001';

export function isStaleToken(e: unknown): boolean {
  return e instanceof Error && 'code' in e && e.code === STALE_TOKEN;
}

export function fillRow(f: Fill): Record<string, string | number | null> {
  return {
    fill_id: f.fillId,
    client_request_id: f.clientRequestId,
    strategy_id: f.strategyId,
    quote_id: f.quoteId,
    symbol: f.symbol,
    side: f.side,
    effect: f.effect,
    quantity: f.quantity.toString(),
    price: f.price.toString(),
    fee: f.fee.toString(),
    ts: f.ts,
  };
}

export function externalRow(e: ExternalPositionRow): Record<string, string | number> {
  return {
    position_key: e.positionKey,
    symbol: e.symbol,
    side: e.side,
    quantity: e.quantity,
    first_seen: e.firstSeen,
  };
}

/** True when the database's meta rows differ from the journal's copy. */
export function metaDiffers(mine: ReadonlyMap<string, string>, theirs: ReadonlyMap<string, string>): boolean {
  if (mine.size !== theirs.size) return true;
  for (const [k, v] of theirs) if (mine.get(k) !== v) return true;
  return false;
}
