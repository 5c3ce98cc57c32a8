import { ClientRequestId, MarketId, QuoteId, TempId } from '../domain/ids.ts';
import { isOneOf } from '../domain/isOneOf.ts';
import { type Decimal, dec } from '../domain/money.ts';
import type { RecordKind } from '../domain/request.ts';
import type { RelativeTpSl, RequestOrder } from '../domain/requestOrder.ts';
import { OrderType, PositionSide } from '../domain/side.ts';

/** A field of a journal row that is not what this version wrote: `field` is the path in the row. */
export class RowFieldError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}

type Bag = Readonly<Record<string, unknown>>;

const where = (key: string) => `params.${key}`;

function text(p: Bag, key: string): string {
  const v = p[key];
  if (typeof v !== 'string' || v === '')
    throw new RowFieldError(where(key), `expected a non-empty string, got ${show(v)}`);
  return v;
}

function decimal(p: Bag, key: string): Decimal {
  const v = p[key];
  // Numbers are accepted too: rows of test journals of earlier versions wrote a few as JSON numbers.
  if (typeof v !== 'string' && typeof v !== 'number')
    throw new RowFieldError(where(key), `expected a decimal as text, got ${show(v)}`);
  try {
    return dec(v);
  } catch {
    throw new RowFieldError(where(key), `expected a decimal as text, got ${show(v)}`);
  }
}

function optional<T>(p: Bag, key: string, read: (p: Bag, key: string) => T): T | undefined {
  return p[key] === undefined ? undefined : read(p, key);
}

function oneOf<T extends string>(p: Bag, key: string, values: readonly T[]): T {
  const v = p[key];
  if (!isOneOf(values, v))
    throw new RowFieldError(where(key), `expected one of ${values.join(', ')}, got ${show(v)}`);
  return v;
}

function leg(p: Bag, key: string): Decimal | null | undefined {
  return p[key] === null ? null : optional(p, key, decimal);
}

/**
 * The relative legs of a TP/SL row (fractions of the fill and the price decimals to resolve them
 * with); rows written before relative TP/SL have none of these keys and read as absolute.
 */
function relative(p: Bag): RelativeTpSl | undefined {
  const takeProfit = optional(p, 'takeProfitFraction', decimal);
  const stopLoss = optional(p, 'stopLossFraction', decimal);
  if (takeProfit === undefined && stopLoss === undefined) {
    if (p.pricePrecision !== undefined)
      throw new RowFieldError(where('pricePrecision'), 'expected only beside a relative leg');
    return undefined;
  }
  const pricePrecision = p.pricePrecision;
  if (typeof pricePrecision !== 'number' || !Number.isInteger(pricePrecision) || pricePrecision < 0)
    throw new RowFieldError(
      where('pricePrecision'),
      `expected a whole number ≥ 0 beside a relative leg, got ${show(pricePrecision)}`,
    );
  return {
    ...(takeProfit === undefined ? {} : { takeProfit }),
    ...(stopLoss === undefined ? {} : { stopLoss }),
    pricePrecision,
  };
}

const ORDER_TYPES = Object.values(OrderType);
const SIDES = Object.values(PositionSide);

/**
 * A journaled wire body (params column, parsed) as the typed order of a request of `kind`.
 * The on-disk format is the wire body every version so far wrote, so old rows read as they are.
 */
export function orderFromParams(kind: RecordKind, p: Bag): RequestOrder {
  // Absent fields are left out, not set to undefined (exactOptionalPropertyTypes).
  switch (kind) {
    case 'open': {
      const marketId = p.marketId;
      if (typeof marketId !== 'number' || !Number.isInteger(marketId))
        throw new RowFieldError(where('marketId'), `expected an integer market id, got ${show(marketId)}`);
      const leverage = p.leverage;
      if (typeof leverage !== 'number' || !(leverage > 0))
        throw new RowFieldError(where('leverage'), `expected a positive number, got ${show(leverage)}`);
      const slippage = optional(p, 'slippage', decimal);
      const limitPrice = optional(p, 'limitPrice', decimal);
      return {
        kind,
        marketId: MarketId(marketId),
        side: oneOf(p, 'positionType', SIDES),
        orderType: oneOf(p, 'orderType', ORDER_TYPES),
        quantity: decimal(p, 'quantity'),
        leverage,
        ...(slippage === undefined ? {} : { slippage }),
        ...(limitPrice === undefined ? {} : { limitPrice }),
      };
    }
    case 'close': {
      if (p.closeAll !== undefined && p.closeAll !== true)
        throw new RowFieldError(where('closeAll'), `expected true or absent, got ${show(p.closeAll)}`);
      const slippage = optional(p, 'slippage', decimal);
      const closePrice = optional(p, 'closePrice', decimal);
      return {
        kind,
        quoteId: QuoteId(text(p, 'quoteId')),
        quantity: decimal(p, 'quantityToClose'),
        orderType: oneOf(p, 'orderType', ORDER_TYPES),
        ...(slippage === undefined ? {} : { slippage }),
        ...(closePrice === undefined ? {} : { closePrice }),
        ...(p.closeAll === true ? { closeAll: true as const } : {}),
      };
    }
    case 'cancelOpen':
    case 'cancelClose':
      return { kind, target: ClientRequestId(text(p, 'target')), positionId: TempId(text(p, 'positionId')) };
    case 'setTpSl': {
      const takeProfit = leg(p, 'takeProfit');
      const stopLoss = leg(p, 'stopLoss');
      const rel = relative(p);
      return {
        kind,
        ...(takeProfit === undefined ? {} : { takeProfit }),
        ...(stopLoss === undefined ? {} : { stopLoss }),
        ...(p.after === undefined ? {} : { after: ClientRequestId(text(p, 'after')) }),
        ...(rel === undefined ? {} : { relative: rel }),
      };
    }
  }
}

function show(v: unknown): string {
  if (v === undefined) return 'nothing';
  const s = JSON.stringify(v);
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}
