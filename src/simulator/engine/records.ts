import { type Decimal, ZERO } from '../../domain/money.ts';
import type { OrderType } from '../../domain/side.ts';
import type { RequestKind } from '../../domain/venueStatus.ts';
import { INITIAL_STATUS } from './simStatus.ts';
import type { Quote, Request } from './state.ts';

/** What a new quote is made of: the order as accepted, plus its margin and fees reserved. */
export type NewQuote = Pick<
  Quote,
  | 'tempId'
  | 'subaccount'
  | 'market'
  | 'side'
  | 'orderType'
  | 'quantity'
  | 'leverage'
  | 'limitPrice'
  | 'slippage'
  | 'refPrice'
> & { readonly now: number };

/** A freshly accepted open: PENDING, nothing filled, nothing reserved yet (see reservation.ts). */
export function newQuote(o: NewQuote): Quote {
  return {
    tempId: o.tempId,
    quoteId: null,
    subaccount: o.subaccount,
    market: o.market,
    side: o.side,
    orderType: o.orderType,
    quantity: o.quantity,
    leverage: o.leverage,
    limitPrice: o.limitPrice,
    slippage: o.slippage,
    refPrice: o.refPrice,
    marginMode: o.market.spec.marginMode,
    status: 'PENDING',
    closedAmount: ZERO,
    openedPrice: null,
    // A pending open's margin is made from its reservation when first read (SimEngine.positions).
    margin: ZERO,
    accumulatedFunding: ZERO,
    realizedPnl: ZERO,
    reservedAt: null,
    reservedN: 0,
    cost: null,
    takeProfit: null,
    stopLoss: null,
    closeRequest: null,
    tpslClose: null,
    openRequest: null,
    createdAt: o.now,
    updatedAt: o.now,
    subSlot: -1,
    watchSlot: -1,
  };
}

export interface NewRequest {
  readonly tempId: string;
  readonly kind: RequestKind;
  readonly quote: Quote;
  readonly quantity: Decimal;
  readonly orderType: OrderType;
  readonly price?: Decimal | null;
  readonly slippage?: Decimal;
  readonly refPrice?: number;
  readonly target?: Request | null;
  readonly now: number;
}

/** A freshly accepted request of any kind, in its kind's first status, with nothing filled yet. */
export function newRequest(o: NewRequest): Request {
  return {
    tempId: o.tempId,
    kind: o.kind,
    quote: o.quote,
    status: INITIAL_STATUS[o.kind],
    filledQuantity: ZERO,
    avgPrice: null,
    errorCode: null,
    reason: null,
    acceptedAt: o.now,
    updatedAt: o.now,
    quantity: o.quantity,
    orderType: o.orderType,
    price: o.price ?? null,
    slippage: o.slippage ?? ZERO,
    refPrice: o.refPrice ?? 0,
    target: o.target ?? null,
  };
}
