import { ClientRequestId, IntentId, MarketSymbol, QuoteId, type StrategyId } from '../domain/ids.ts';
import type { Intent, PositionRef } from '../domain/intent.ts';
import { deriveIntentId } from '../domain/intentId.ts';
import { type Decimal, dec } from '../domain/money.ts';
import type { StrategyIntent } from './strategyIntent.ts';

export interface ConvertContext {
  readonly strategyId: StrategyId;
  readonly now: number;
  /** The signal name used when the intent gives none: unique per hook call (hook, time). */
  readonly defaultSignal: string | (() => string);
  /** Position of the intent in what the hook returned, so default-signal intents differ. */
  readonly index: number;
  /** Latest price of a market, for notional → quantity. */
  readonly price: (market: string) => number | undefined;
  /** deriveIntentId for this strategy, possibly memoised by the caller. */
  readonly idOf?: (signal: string, leg: number) => IntentId;
  /** number → Decimal, possibly memoised by the caller (Decimals are immutable, so sharing is safe). */
  readonly dec?: (value: number) => Decimal;
}

const ref = (p: { intentId: string } | { quoteId: string }): PositionRef =>
  'intentId' in p
    ? { by: 'intent', intentId: IntentId(p.intentId) }
    : { by: 'quote', quoteId: QuoteId(p.quoteId) };

/**
 * One checked author intent → domain intents with Decimals and deterministic ids, appended to
 * `out` (returned): `deriveIntentId(strategy, signal, leg)`. The schema's defaults apply here
 * (MARKET, close all), so an intent that passed the fast check needs no parsed copy. An open
 * with TP/SL becomes the open (leg 0) plus a setTpSl (leg 1) referring to it by intent id; the
 * executor holds that until the open fills. A setTpSl replaces the legs it names and leaves the
 * other as the venue has it; a clearTpSl is a setTpSl with both legs null (cleared). Throws an
 * Error naming the problem.
 */
export function toDomainIntents(i: StrategyIntent, c: ConvertContext, out: Intent[] = []): Intent[] {
  const d = c.dec ?? dec;
  const signal =
    i.signal ?? `${typeof c.defaultSignal === 'string' ? c.defaultSignal : c.defaultSignal()}#${c.index}`;
  const intentId = c.idOf === undefined ? deriveIntentId(c.strategyId, signal, 0) : c.idOf(signal, 0);
  const strategyId = c.strategyId;
  const createdAt = c.now;
  const symbol = MarketSymbol(i.market);
  const why = i.reason === undefined ? {} : { reason: i.reason };
  switch (i.kind) {
    case 'open': {
      const orderType = i.type ?? 'MARKET';
      let quantity = i.quantity;
      if (quantity === undefined) {
        const price = orderType === 'LIMIT' ? i.price : c.price(i.market);
        if (price === undefined || !(price > 0))
          throw new Error(`open on ${i.market} by notional: no price for the market yet`);
        quantity = (i.notional ?? Number.NaN) / price;
      }
      out.push({
        intentId,
        strategyId,
        createdAt,
        symbol,
        ...why,
        kind: 'open',
        side: i.side,
        quantity: d(quantity),
        leverage: i.leverage,
        orderType,
        ...(i.slippage === undefined ? {} : { slippage: d(i.slippage) }),
        ...(i.price === undefined ? {} : { limitPrice: d(i.price) }),
        ...(i.allowStacking === undefined ? {} : { allowStacking: i.allowStacking }),
      });
      if (i.takeProfit === undefined && i.stopLoss === undefined) return out;
      out.push({
        intentId: c.idOf === undefined ? deriveIntentId(strategyId, signal, 1) : c.idOf(signal, 1),
        strategyId,
        createdAt,
        symbol,
        ...why,
        kind: 'setTpSl',
        position: { by: 'intent', intentId },
        ...(i.takeProfit === undefined ? {} : { takeProfit: d(i.takeProfit) }),
        ...(i.stopLoss === undefined ? {} : { stopLoss: d(i.stopLoss) }),
      });
      return out;
    }
    case 'close': {
      const quantity = i.quantity ?? 'all';
      out.push({
        intentId,
        strategyId,
        createdAt,
        symbol,
        ...why,
        kind: 'close',
        position: ref(i.position),
        quantity: quantity === 'all' ? 'all' : d(quantity),
        orderType: i.type ?? 'MARKET',
        ...(i.slippage === undefined ? {} : { slippage: d(i.slippage) }),
        ...(i.price === undefined ? {} : { closePrice: d(i.price) }),
      });
      return out;
    }
    case 'cancel':
      out.push({
        intentId,
        strategyId,
        createdAt,
        symbol,
        ...why,
        kind: 'cancel',
        target: ClientRequestId(i.request),
      });
      return out;
    case 'setTpSl':
      out.push({
        intentId,
        strategyId,
        createdAt,
        symbol,
        ...why,
        kind: 'setTpSl',
        position: ref(i.position),
        ...(i.takeProfit === undefined ? {} : { takeProfit: d(i.takeProfit) }),
        ...(i.stopLoss === undefined ? {} : { stopLoss: d(i.stopLoss) }),
      });
      return out;
    case 'clearTpSl':
      out.push({
        intentId,
        strategyId,
        createdAt,
        symbol,
        ...why,
        kind: 'setTpSl',
        position: ref(i.position),
        takeProfit: null,
        stopLoss: null,
      });
      return out;
  }
}
