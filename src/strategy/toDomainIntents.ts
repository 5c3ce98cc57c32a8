import { ClientRequestId, IntentId, MarketSymbol, QuoteId, type StrategyId } from '../domain/ids.ts';
import type { Intent, PositionRef } from '../domain/intent.ts';
import { deriveIntentId } from '../domain/intentId.ts';
import { dec } from '../domain/money.ts';
import type { ValidStrategyIntent } from './strategyIntent.ts';

export interface ConvertContext {
  readonly strategyId: StrategyId;
  readonly now: number;
  /** The signal name used when the intent gives none: unique per hook call (hook, time). */
  readonly defaultSignal: string;
  /** Position of the intent in what the hook returned, so default-signal intents differ. */
  readonly index: number;
  /** Latest price of a market, for notional → quantity. */
  readonly price: (market: string) => number | undefined;
  /** deriveIntentId for this strategy, possibly memoised by the caller. */
  readonly idOf?: (signal: string, leg: number) => IntentId;
}

const ref = (p: { intentId: string } | { quoteId: string }): PositionRef =>
  'intentId' in p
    ? { by: 'intent', intentId: IntentId(p.intentId) }
    : { by: 'quote', quoteId: QuoteId(p.quoteId) };

/**
 * One validated author intent → domain intents with Decimals and deterministic ids:
 * `deriveIntentId(strategy, signal, leg)`. An open with TP/SL becomes the open (leg 0) plus a
 * setTpSl (leg 1) referring to it by intent id; the executor holds that until the open fills.
 * A setTpSl replaces the legs it names and leaves the other as the venue has it; a clearTpSl is
 * a setTpSl with both legs null (cleared). Throws an Error naming the problem.
 */
export function toDomainIntents(i: ValidStrategyIntent, c: ConvertContext): Intent[] {
  const signal = i.signal ?? `${c.defaultSignal}#${c.index}`;
  const idOf = c.idOf ?? ((s: string, leg: number) => deriveIntentId(c.strategyId, s, leg));
  const base = {
    intentId: idOf(signal, 0),
    strategyId: c.strategyId,
    createdAt: c.now,
    symbol: MarketSymbol(i.market),
    ...(i.reason === undefined ? {} : { reason: i.reason }),
  };
  switch (i.kind) {
    case 'open': {
      let quantity = i.quantity;
      if (quantity === undefined) {
        const price = i.type === 'LIMIT' ? i.price : c.price(i.market);
        if (price === undefined || !(price > 0))
          throw new Error(`open on ${i.market} by notional: no price for the market yet`);
        quantity = (i.notional as number) / price;
      }
      const open: Intent = {
        ...base,
        kind: 'open',
        side: i.side,
        quantity: dec(quantity),
        leverage: i.leverage,
        orderType: i.type,
        ...(i.slippage === undefined ? {} : { slippage: dec(i.slippage) }),
        ...(i.price === undefined ? {} : { limitPrice: dec(i.price) }),
        ...(i.allowStacking === undefined ? {} : { allowStacking: i.allowStacking }),
      };
      if (i.takeProfit === undefined && i.stopLoss === undefined) return [open];
      return [
        open,
        {
          ...base,
          intentId: idOf(signal, 1),
          kind: 'setTpSl',
          position: { by: 'intent', intentId: open.intentId },
          ...(i.takeProfit === undefined ? {} : { takeProfit: dec(i.takeProfit) }),
          ...(i.stopLoss === undefined ? {} : { stopLoss: dec(i.stopLoss) }),
        },
      ];
    }
    case 'close':
      return [
        {
          ...base,
          kind: 'close',
          position: ref(i.position),
          quantity: i.quantity === 'all' ? 'all' : dec(i.quantity),
          orderType: i.type,
          ...(i.slippage === undefined ? {} : { slippage: dec(i.slippage) }),
          ...(i.price === undefined ? {} : { closePrice: dec(i.price) }),
        },
      ];
    case 'cancel':
      return [{ ...base, kind: 'cancel', target: ClientRequestId(i.request) }];
    case 'setTpSl':
      return [
        {
          ...base,
          kind: 'setTpSl',
          position: ref(i.position),
          ...(i.takeProfit === undefined ? {} : { takeProfit: dec(i.takeProfit) }),
          ...(i.stopLoss === undefined ? {} : { stopLoss: dec(i.stopLoss) }),
        },
      ];
    case 'clearTpSl':
      return [{ ...base, kind: 'setTpSl', position: ref(i.position), takeProfit: null, stopLoss: null }];
  }
}
