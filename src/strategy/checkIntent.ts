import type { StrategyIntent } from './strategyIntent.ts';

/**
 * The fast structural check of what a hook returned: true only for a plain object that
 * `strategyIntentSchema` certainly accepts, with no allocation and no exception. Anything else —
 * a wrong field, but also anything merely unusual (a class instance, an extra key) — is false,
 * and the caller asks zod, which decides and says what is wrong. So this check may be stricter
 * than the schema, never looser (checkIntent.test.ts holds it to that on generated intents).
 */
export function checkIntent(i: unknown): i is StrategyIntent {
  if (!plain(i)) return false;
  if (
    !nonEmpty(i.market) ||
    !optionalNonEmpty(i.signal) ||
    !(i.reason === undefined || typeof i.reason === 'string')
  )
    return false;
  switch (i.kind) {
    case 'open':
      return onlyKeys(i, 'open') && open(i);
    case 'close':
      return (
        onlyKeys(i, 'close') &&
        ref(i.position) &&
        (i.quantity === undefined || i.quantity === 'all' || positive(i.quantity)) &&
        orderType(i.type) &&
        fraction(i.slippage) &&
        optionalPositive(i.price)
      );
    case 'cancel':
      return onlyKeys(i, 'cancel') && nonEmpty(i.request);
    case 'setTpSl':
      return (
        onlyKeys(i, 'setTpSl') &&
        ref(i.position) &&
        optionalTpSlPrice(i.takeProfit) &&
        optionalTpSlPrice(i.stopLoss) &&
        (i.takeProfit !== undefined || i.stopLoss !== undefined)
      );
    case 'clearTpSl':
      return onlyKeys(i, 'clearTpSl') && ref(i.position);
    default:
      return false;
  }
}

function open(i: Record<string, unknown>): boolean {
  if (i.side !== 'LONG' && i.side !== 'SHORT') return false;
  if (!positive(i.leverage) || !orderType(i.type) || !fraction(i.slippage)) return false;
  if (!optionalPositive(i.quantity) || !optionalPositive(i.notional)) return false;
  if ((i.quantity === undefined) === (i.notional === undefined)) return false;
  if (!optionalPositive(i.price) || !optionalTpSlPrice(i.takeProfit) || !optionalTpSlPrice(i.stopLoss))
    return false;
  if (!(i.allowStacking === undefined || typeof i.allowStacking === 'boolean')) return false;
  // LIMIT needs its price; MARKET (the default) takes slippage, not a price.
  return i.type === 'LIMIT' ? i.price !== undefined : i.price === undefined;
}

/**
 * Whether `key` is a field of an intent of that kind. A switch, not a Set per kind: the keys of an
 * object literal are interned strings, which a switch compares by pointer (3× faster per key).
 */
function fieldOf(kind: string, key: string): boolean {
  switch (key) {
    case 'kind':
    case 'market':
    case 'signal':
    case 'reason':
      return true;
    case 'side':
    case 'notional':
    case 'leverage':
    case 'allowStacking':
      return kind === 'open';
    case 'quantity':
    case 'type':
    case 'slippage':
    case 'price':
      return kind === 'open' || kind === 'close';
    case 'takeProfit':
    case 'stopLoss':
      return kind === 'open' || kind === 'setTpSl';
    case 'position':
      return kind === 'close' || kind === 'setTpSl' || kind === 'clearTpSl';
    case 'request':
      return kind === 'cancel';
    default:
      return false;
  }
}

function onlyKeys(i: Record<string, unknown>, kind: string): boolean {
  for (const k in i) if (!fieldOf(kind, k)) return false;
  return true;
}

/** An object literal (or a null-prototype one): nothing inherited to enumerate or to surprise. */
function plain(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

const nonEmpty = (v: unknown): boolean => typeof v === 'string' && v.length > 0;
const optionalNonEmpty = (v: unknown): boolean => v === undefined || nonEmpty(v);
/** z.number().finite().positive(): NaN and ±Infinity are not. */
const positive = (v: unknown): boolean => typeof v === 'number' && v > 0 && v < Number.POSITIVE_INFINITY;
const optionalPositive = (v: unknown): boolean => v === undefined || positive(v);
const fraction = (v: unknown): boolean => v === undefined || (typeof v === 'number' && v >= 0 && v <= 1);
/** A price, or `{ fraction }` with 0 < fraction < 1 and no other key. */
function optionalTpSlPrice(v: unknown): boolean {
  if (v === undefined || positive(v)) return true;
  if (!plain(v)) return false;
  for (const k in v) if (k !== 'fraction') return false;
  const f = 'fraction' in v ? v.fraction : undefined;
  return typeof f === 'number' && f > 0 && f < 1;
}
const orderType = (v: unknown): boolean => v === undefined || v === 'MARKET' || v === 'LIMIT';

/** `{ intentId }` or `{ quoteId }`, a non-empty string, and nothing else. */
function ref(v: unknown): boolean {
  if (!plain(v)) return false;
  let keys = 0;
  for (const k in v) {
    keys++;
    if (k !== 'intentId' && k !== 'quoteId') return false;
  }
  return keys === 1 && (nonEmpty(v.intentId) || nonEmpty(v.quoteId));
}
