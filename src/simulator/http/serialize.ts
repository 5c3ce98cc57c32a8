import type { Decimal } from '../../domain/money.ts';
import type { SimEngine } from '../engine/SimEngine.ts';
import type { Quote, Request, Subaccount } from '../engine/state.ts';

/** Money on the wire: a plain numeric string, never exponent notation, at most 8 places. */
export const money = (d: Decimal): string => d.toDecimalPlaces(8).toFixed();

interface StaticRow {
  /** The Decimal instances the strings were made from: decimals are immutable, so identity is freshness. */
  readonly src: readonly (Decimal | null)[];
  readonly quantity: string;
  readonly closedAmount: string;
  readonly openedPrice: string | null;
  readonly margin: string;
  readonly accumulatedFunding: string;
}
// Formatting decimals dominates a positions read; cache the strings of fields that rarely change.
const staticRows = new WeakMap<Quote, StaticRow>();

function staticRow(q: Quote): StaticRow {
  const src = [q.quantity, q.closedAmount, q.openedPrice, q.margin, q.accumulatedFunding];
  const hit = staticRows.get(q);
  if (hit?.src.every((d, i) => d === src[i])) return hit;
  const row: StaticRow = {
    src,
    quantity: money(q.quantity),
    closedAmount: money(q.closedAmount),
    openedPrice: q.openedPrice ? money(q.openedPrice) : null,
    margin: money(q.margin),
    accumulatedFunding: money(q.accumulatedFunding),
  };
  staticRows.set(q, row);
  return row;
}

const pnlCache = new WeakMap<Quote, { mark: number; src: StaticRow; text: string }>();

/** uPnL text, recomputed only when the mark or the position changed since the last read. */
function pnlText(engine: SimEngine, q: Quote, s: StaticRow): string {
  const mark = engine.mark(q.market.spec.symbol)?.mark ?? 0;
  const hit = pnlCache.get(q);
  if (hit && hit.mark === mark && hit.src === s) return hit.text;
  const text = money(engine.unrealizedPnl(q));
  pnlCache.set(q, { mark, src: s, text });
  return text;
}

interface RowText {
  readonly s: StaticRow;
  readonly pnl: string;
  readonly status: string;
  readonly quoteId: string | null;
  readonly updatedAt: number;
  readonly text: string;
}
const rowTexts = new WeakMap<Quote, RowText>();

/**
 * The same row as JSON text, re-serialised only when one of its inputs changed: every other
 * field is fixed at creation (tempId, market, side, leverage, createdAt).
 */
export function positionJson(engine: SimEngine, q: Quote): string {
  const s = staticRow(q);
  const pnl = pnlText(engine, q, s);
  const hit = rowTexts.get(q);
  if (
    hit &&
    hit.s === s &&
    hit.pnl === pnl &&
    hit.status === q.status &&
    hit.quoteId === q.quoteId &&
    hit.updatedAt === q.updatedAt
  )
    return hit.text;
  const text = JSON.stringify(rowOf(q, s, pnl));
  rowTexts.set(q, { s, pnl, status: q.status, quoteId: q.quoteId, updatedAt: q.updatedAt, text });
  return text;
}

/** One row of `GET /v1/positions/all`, exactly the contract's fields. */
function rowOf(q: Quote, s: StaticRow, pnl: string) {
  return {
    id: q.quoteId,
    tempId: q.tempId,
    marketId: q.market.spec.id,
    symbol: q.market.spec.symbol,
    positionType: q.side,
    quantity: s.quantity,
    closedAmount: s.closedAmount,
    openedPrice: s.openedPrice,
    leverage: q.leverage,
    status: q.status,
    unrealizedPnl: pnl,
    margin: s.margin,
    accumulatedFunding: s.accumulatedFunding,
    createdAt: q.createdAt,
    updatedAt: q.updatedAt,
  };
}

/** The contract's status-poll answer. */
export function statusRow(r: Request) {
  return {
    tempId: r.tempId,
    quoteId: r.quote.quoteId,
    status: r.status,
    filledQuantity: money(r.filledQuantity),
    avgPrice: r.avgPrice ? money(r.avgPrice) : null,
    ...(r.errorCode === null ? {} : { errorCode: r.errorCode }),
    ...(r.reason === null ? {} : { reason: r.reason }),
    updatedAt: r.updatedAt,
  };
}

export function subaccountRow(s: Subaccount) {
  return {
    subaccountAddress: s.address,
    chainId: s.chainId,
    name: s.name,
    marginMode: 'cross',
    apiAccessEnabled: s.apiAccessEnabled,
  };
}

export function balanceRow(engine: SimEngine, s: Subaccount) {
  const b = engine.balance(s);
  return {
    subaccountAddress: s.address,
    chainId: s.chainId,
    allocatedBalance: money(b.allocated),
    equity: money(b.equity),
    availableMargin: money(b.availableMargin),
    lockedMargin: money(b.lockedMargin),
    maintenanceMargin: money(b.maintenanceMargin),
    unrealizedPnl: money(b.unrealizedPnl),
  };
}
