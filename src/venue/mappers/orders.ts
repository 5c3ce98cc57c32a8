import { isAtMostZero } from '../../domain/isAtMostZero.ts';
import { type MarketSpec, roundPrice, roundQuantity } from '../../domain/market.ts';
import { type Decimal, toWireNumber } from '../../domain/money.ts';
import { VenueRejectedError } from '../../errors/venueErrors.ts';
import type { CloseOrder, OpenOrder } from '../VenuePort.ts';

/** Rounded down to the market's precision; refused before sending when nothing is left. */
function wireQuantity(market: MarketSpec, quantity: Decimal, endpoint: string): number {
  const rounded = roundQuantity(market, quantity);
  if (isAtMostZero(rounded))
    throw new VenueRejectedError(
      `${endpoint}: quantity ${quantity.toString()} is zero at ${market.symbol}'s precision of ${market.quantityPrecision} decimals (not sent)`,
      { endpoint, venueCode: 'VALIDATION' },
    );
  return toWireNumber(rounded);
}

/** The create-position item, without the `chainId`/`subaccountAddress` a batch puts on top. */
export function openItem(market: MarketSpec, order: OpenOrder, solver: string, endpoint: string) {
  // A market order (slippage; no limit, no instant-actions flag) as one literal with the keys in
  // the spreads' order, so the same JSON: the spreads built two objects more per submit.
  if (order.slippage !== undefined && order.limitPrice === undefined && order.useInstantActions === undefined)
    return {
      marketId: market.id,
      positionType: order.side,
      orderType: order.orderType,
      quantity: wireQuantity(market, order.quantity, endpoint),
      leverage: order.leverage,
      slippage: toWireNumber(order.slippage),
      solver,
    };
  return {
    marketId: market.id,
    positionType: order.side,
    orderType: order.orderType,
    quantity: wireQuantity(market, order.quantity, endpoint),
    leverage: order.leverage,
    ...(order.slippage === undefined ? {} : { slippage: toWireNumber(order.slippage) }),
    ...(order.limitPrice === undefined
      ? {}
      : { limitPrice: toWireNumber(roundPrice(market, order.limitPrice)) }),
    ...(order.useInstantActions === undefined ? {} : { useInstantActions: order.useInstantActions }),
    solver,
  };
}

/**
 * The close-position body. The market of a quote is not in the order, so the quantity is rounded
 * only when the caller can name the market (the client looks it up from the positions list).
 */
export function closeItem(order: CloseOrder, market: MarketSpec | undefined, endpoint: string) {
  if (order.slippage !== undefined && order.closePrice === undefined)
    return {
      quoteId: order.quoteId,
      quantityToClose:
        market === undefined ? toWireNumber(order.quantity) : wireQuantity(market, order.quantity, endpoint),
      orderType: order.orderType,
      slippage: toWireNumber(order.slippage),
    };
  return {
    quoteId: order.quoteId,
    quantityToClose:
      market === undefined ? toWireNumber(order.quantity) : wireQuantity(market, order.quantity, endpoint),
    orderType: order.orderType,
    ...(order.slippage === undefined ? {} : { slippage: toWireNumber(order.slippage) }),
    ...(order.closePrice === undefined
      ? {}
      : {
          closePrice: toWireNumber(
            market === undefined ? order.closePrice : roundPrice(market, order.closePrice),
          ),
        }),
  };
}
