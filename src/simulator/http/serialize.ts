import type { Decimal } from '../../domain/money.ts';
import type { SimEngine } from '../engine/SimEngine.ts';
import type { Quote, Request, Subaccount } from '../engine/state.ts';

/** Money on the wire: a plain numeric string, never exponent notation, at most 8 places. */
export const money = (d: Decimal): string => d.toDecimalPlaces(8).toFixed();

/** One row of `GET /v1/positions/all`, exactly the contract's fields. */
export function positionRow(engine: SimEngine, q: Quote) {
  return {
    id: q.quoteId,
    tempId: q.tempId,
    marketId: q.market.spec.id,
    symbol: q.market.spec.symbol,
    positionType: q.side,
    quantity: money(q.quantity),
    closedAmount: money(q.closedAmount),
    openedPrice: q.openedPrice ? money(q.openedPrice) : null,
    leverage: q.leverage,
    status: q.status,
    unrealizedPnl: money(engine.unrealizedPnl(q)),
    margin: money(q.margin),
    accumulatedFunding: money(q.accumulatedFunding),
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
