import type { ClientRequestId, MarketId, QuoteId, TempId } from './ids.ts';
import type { Decimal } from './money.ts';
import type { OrderType, PositionSide } from './side.ts';

/** An open as built from its intent: quantity (and limit price) already at the market's precision. */
export interface OpenRequestOrder {
  readonly kind: 'open';
  readonly marketId: MarketId;
  readonly side: PositionSide;
  readonly orderType: OrderType;
  readonly quantity: Decimal;
  readonly leverage: number;
  readonly slippage?: Decimal;
  readonly limitPrice?: Decimal;
}

export interface CloseRequestOrder {
  readonly kind: 'close';
  readonly quoteId: QuoteId;
  readonly quantity: Decimal;
  readonly orderType: OrderType;
  readonly slippage?: Decimal;
  readonly closePrice?: Decimal;
  /** One item of a close-all-positions call (journaled before it, one per listed position). */
  readonly closeAll?: true;
}

export interface CancelRequestOrder {
  readonly kind: 'cancelOpen' | 'cancelClose';
  /** Our request being cancelled, and the venue's id for it. */
  readonly target: ClientRequestId;
  readonly positionId: TempId;
}

/**
 * Legs given relative to the fill (`{ fraction }` of an intent), with the market's price decimals
 * when the request was built: enough to resolve them from the fill alone, after a restart too.
 */
export interface RelativeTpSl {
  readonly takeProfit?: Decimal;
  readonly stopLoss?: Decimal;
  readonly pricePrecision: number;
}

/**
 * Per leg: a price sets or replaces it, null clears it, absent leaves it as the venue has it. A
 * leg named in `relative` has no price until the fill is known: the executor resolves it then,
 * and the resolved order (prices and fractions) is what the journal keeps and the venue gets.
 */
export interface TpSlRequestOrder {
  readonly kind: 'setTpSl';
  readonly takeProfit?: Decimal | null;
  readonly stopLoss?: Decimal | null;
  /** The open this TP/SL waits for, when it was submitted before the fill. */
  readonly after?: ClientRequestId;
  readonly relative?: RelativeTpSl;
}

/** What one journaled request asks of the venue, typed; built (and rounded) once, by the request builder. */
export type RequestOrder = OpenRequestOrder | CloseRequestOrder | CancelRequestOrder | TpSlRequestOrder;

/**
 * The wire body of a request as journaled (decimals as exact text), for audit. Derived from the
 * order by `wireParams`, never built by hand.
 */
export interface WireParams {
  readonly marketId?: number;
  readonly positionType?: PositionSide;
  readonly orderType?: OrderType;
  readonly quantity?: string;
  readonly leverage?: number;
  readonly slippage?: string;
  readonly limitPrice?: string;
  readonly quoteId?: QuoteId;
  readonly quantityToClose?: string;
  readonly closePrice?: string;
  readonly closeAll?: true;
  readonly target?: ClientRequestId;
  readonly positionId?: TempId;
  readonly takeProfit?: string | null;
  readonly stopLoss?: string | null;
  readonly after?: ClientRequestId;
  /** A relative TP/SL: the fractions of the fill, and the price decimals to resolve them with. */
  readonly takeProfitFraction?: string;
  readonly stopLossFraction?: string;
  readonly pricePrecision?: number;
}

/** A LIMIT open or close: it may rest at the venue, so no deadline makes its outcome unknown. */
export function isLimitOrder(o: RequestOrder): boolean {
  return (o.kind === 'open' || o.kind === 'close') && o.orderType === 'LIMIT';
}

/** The order's journaled wire body; keys in the order the previous version wrote them. */
export function wireParams(o: RequestOrder): WireParams {
  // Absent fields are left out, not written as undefined.
  switch (o.kind) {
    case 'open':
      return {
        marketId: o.marketId,
        positionType: o.side,
        orderType: o.orderType,
        quantity: o.quantity.toString(),
        leverage: o.leverage,
        ...(o.slippage === undefined ? {} : { slippage: o.slippage.toString() }),
        ...(o.limitPrice === undefined ? {} : { limitPrice: o.limitPrice.toString() }),
      };
    case 'close':
      return {
        ...(o.closeAll === undefined ? {} : { closeAll: o.closeAll }),
        quoteId: o.quoteId,
        quantityToClose: o.quantity.toString(),
        orderType: o.orderType,
        ...(o.slippage === undefined ? {} : { slippage: o.slippage.toString() }),
        ...(o.closePrice === undefined ? {} : { closePrice: o.closePrice.toString() }),
      };
    case 'cancelOpen':
    case 'cancelClose':
      return { target: o.target, positionId: o.positionId };
    case 'setTpSl': {
      const { takeProfit, stopLoss, after, relative } = o;
      return {
        ...(takeProfit === undefined
          ? {}
          : { takeProfit: takeProfit === null ? null : takeProfit.toString() }),
        ...(stopLoss === undefined ? {} : { stopLoss: stopLoss === null ? null : stopLoss.toString() }),
        ...(after === undefined ? {} : { after }),
        ...(relative?.takeProfit === undefined ? {} : { takeProfitFraction: relative.takeProfit.toString() }),
        ...(relative?.stopLoss === undefined ? {} : { stopLossFraction: relative.stopLoss.toString() }),
        ...(relative === undefined ? {} : { pricePrecision: relative.pricePrecision }),
      };
    }
  }
}
