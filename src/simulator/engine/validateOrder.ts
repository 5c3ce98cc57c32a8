import type { MarketSpec } from '../../domain/market.ts';
import { type Decimal, dec } from '../../domain/money.ts';
import type { OrderType } from '../../domain/side.ts';
import { isMarketOpen, type SimMarket } from '../markets.ts';
import { openQuantity } from './accounting.ts';
import { approxNumber } from './approxNumber.ts';
import type { OpenParams } from './SimEngine.ts';
import { reject } from './SimRejection.ts';
import type { Quote, Subaccount } from './state.ts';

/**
 * Decimal places of a number as written in its shortest round-tripping form (what `dec` parses):
 * 0.002 → 3, 1.5e-7 → 8, 1e21 → 0. Read off the string: no Decimal built on the submit path.
 */
export function decimalPlacesOf(value: number): number {
  const s = String(value);
  const e = s.indexOf('e');
  const mantissa = e < 0 ? s : s.slice(0, e);
  const dot = mantissa.indexOf('.');
  const places = dot < 0 ? 0 : mantissa.length - dot - 1;
  return Math.max(0, places - (e < 0 ? 0 : Number(s.slice(e + 1))));
}

/** Refuses a value with more decimals than the market allows: never silently rounded. */
export function checkPrecision(field: string, value: number, decimals: number): void {
  if (!(value > 0)) throw reject.validation(`${field}: must be a positive number, got ${value}`);
  if (decimalPlacesOf(value) > decimals)
    throw reject.validation(`${field}: ${value} has more than ${decimals} decimal places`);
}

/**
 * NOTIONAL_OUT_OF_RANGE unless quantity × price is within the market's bounds. `approx` is that
 * product in floats: it decides unless within a millionth of a bound, where Decimal decides
 * (a number `price` read as `dec` reads it).
 */
export function checkNotional(
  spec: MarketSpec,
  quantity: Decimal,
  price: Decimal | number,
  approx: number,
): void {
  if (
    approx > approxNumber(spec.minNotional) * (1 + 1e-6) &&
    approx < approxNumber(spec.maxNotional) * (1 - 1e-6)
  )
    return;
  // A price given as a number becomes a Decimal only here, for the close calls.
  const notional = quantity.times(dec(price));
  if (notional.lessThan(spec.minNotional) || notional.greaterThan(spec.maxNotional))
    throw reject.business(
      'NOTIONAL_OUT_OF_RANGE',
      `notional ${notional.toDecimalPlaces(2)} of ${spec.symbol} is outside [${spec.minNotional}, ${spec.maxNotional}]`,
    );
}

export function checkMarketOpen(market: SimMarket, now: number): void {
  if (!isMarketOpen(market, now))
    throw reject.business(
      'MARKET_CLOSED',
      `${market.spec.symbol} is closed now (${market.hours?.description})`,
    );
}

/** slippage only for MARKET; a price (`priceField`) required for, and only for, LIMIT. */
function checkOrderType(
  market: SimMarket,
  orderType: OrderType,
  slippage: number | undefined,
  price: number | undefined,
  priceField: string,
  noun: string,
): void {
  if (orderType === 'MARKET') {
    if (price !== undefined) throw reject.validation(`${priceField}: only allowed for LIMIT ${noun}`);
    if (slippage !== undefined && !(slippage > 0 && slippage < 1))
      throw reject.validation('slippage: must be a fraction between 0 and 1 (0.01 = 1 %)');
  } else {
    if (price === undefined) throw reject.validation(`${priceField}: required for LIMIT ${noun}`);
    if (slippage !== undefined) throw reject.validation(`slippage: only allowed for MARKET ${noun}`);
    checkPrecision(priceField, price, market.spec.pricePrecision);
  }
}

/** The open parameters validation looks at; `positionType` is checked here, so any string. */
export type OpenCheck = Omit<OpenParams, 'marketId' | 'positionType'> & { readonly positionType: string };

export function validateOpen(market: SimMarket, sub: Subaccount, p: OpenCheck, now: number): void {
  const spec = market.spec;
  if (!spec.isValid) throw reject.business('MARKET_INVALID', `market ${spec.symbol} is not tradable`);
  if (p.solver !== undefined && p.solver !== spec.solver)
    throw reject.business(
      'UNKNOWN_SOLVER',
      `solver: ${spec.symbol} is quoted by ${spec.solver}, not ${p.solver}`,
    );
  checkMarketOpen(market, now);
  checkPrecision('quantity', p.quantity, spec.quantityPrecision);
  if (!(p.leverage >= 1 && p.leverage <= spec.maxLeverage))
    throw reject.validation(
      `leverage: must be between 1 and ${spec.maxLeverage} for ${spec.symbol}, got ${p.leverage}`,
    );
  checkOrderType(market, p.orderType, p.slippage, p.limitPrice, 'limitPrice', 'orders');
  const instant = p.useInstantActions ?? true;
  if (!instant && spec.marginMode !== 'cross')
    throw reject.business(
      'ON_CHAIN_CROSS_ONLY',
      `useInstantActions: false is only available in cross margin; ${spec.symbol} is isolated`,
    );
  if (instant && !sub.instantTokens.has(spec.solver))
    throw reject.business(
      'INSTANT_TOKEN_MISSING',
      `no instant-action token registered for subaccount ${sub.address} with solver ${spec.solver}`,
    );
}

export interface CloseCheck {
  readonly quantityToClose: number;
  readonly orderType: OrderType;
  readonly slippage?: number | undefined;
  readonly closePrice?: number | undefined;
}

/**
 * A close needs an OPENED position, an open market, a quantity within what is open, and a
 * consistent order type. `numbers` makes the quantity's Decimal (the engine's shared table).
 */
export function validateClose(
  quote: Quote,
  p: CloseCheck,
  now: number,
  numbers: { of(n: number): Decimal } = { of: dec },
): void {
  const spec = quote.market.spec;
  if (quote.status !== 'OPENED')
    throw reject.business(
      'INVALID_STATE',
      `position ${quote.quoteId ?? quote.tempId} is ${quote.status}, not OPENED`,
    );
  checkMarketOpen(quote.market, now);
  checkPrecision('quantityToClose', p.quantityToClose, spec.quantityPrecision);
  const open = openQuantity(quote);
  const qty = numbers.of(p.quantityToClose);
  if (qty !== open && qty.greaterThan(open))
    throw reject.validation(`quantityToClose: ${p.quantityToClose} exceeds the open quantity ${open}`);
  checkOrderType(quote.market, p.orderType, p.slippage, p.closePrice, 'closePrice', 'closes');
}
