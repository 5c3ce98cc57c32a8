import { ClientRequestId, IntentId, MarketSymbol, QuoteId, type StrategyId } from '../domain/ids.ts';
import type {
  CancelIntent,
  CloseIntent,
  Intent,
  OpenIntent,
  PositionRef,
  SetTpSlIntent,
  TpSlPrice,
} from '../domain/intent.ts';
import { deriveIntentId } from '../domain/intentId.ts';
import { type Decimal, dec } from '../domain/money.ts';
import type { ConvertMemo } from './ConvertMemo.ts';
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
  /**
   * This strategy's ids, in its journal's scheme, with the open it named and its Decimals
   * remembered (ConvertMemo). Absent: deriveIntentId's scheme (a new journal's) and `dec`.
   */
  readonly memo?: Pick<ConvertMemo, 'ids' | 'idOf' | 'dec'>;
}

const ref = (p: { intentId: string } | { quoteId: string }): PositionRef =>
  'intentId' in p
    ? { by: 'intent', intentId: IntentId(p.intentId) }
    : { by: 'quote', quoteId: QuoteId(p.quoteId) };

/**
 * One checked author intent → domain intents with Decimals and deterministic ids, appended to
 * `out` (returned): ids are (signal, leg) in the strategy's scheme (`idFor`: its memo's, else a
 * new journal's). The schema's defaults apply here (MARKET, close all), so an intent that passed
 * the fast check needs no parsed copy. An open with TP/SL becomes the open (leg 0) plus a setTpSl
 * (leg 1) referring to it by intent id; the executor holds that until the open fills. A setTpSl
 * replaces the legs it names and leaves the other as the venue has it; a clearTpSl is a setTpSl
 * with both legs null (cleared). Throws an Error naming the problem.
 */
export function toDomainIntents(i: StrategyIntent, c: ConvertContext, out: Intent[] = []): Intent[] {
  const memo = c.memo;
  const d = memo === undefined ? dec : memo.dec;
  const signal =
    i.signal ?? `${typeof c.defaultSignal === 'string' ? c.defaultSignal : c.defaultSignal()}#${c.index}`;
  // Only an open's id is asked of memo.idOf: strategies name their opens by ctx.intentId (so a close or
  // a TP/SL can refer to them), and asking for others would only compare strings for nothing.
  const intentId = i.kind === 'open' && memo !== undefined ? memo.idOf(signal, 0) : idFor(c, signal, 0);
  const strategyId = c.strategyId;
  const createdAt = c.now;
  const symbol = MarketSymbol(i.market);
  // Optional fields are assigned when present, not spread in: a spread makes and copies an object.
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
      const open: Mutable<OpenIntent> = {
        intentId,
        strategyId,
        createdAt,
        symbol,
        kind: 'open',
        side: i.side,
        quantity: d(quantity),
        leverage: i.leverage,
        orderType,
      };
      if (i.reason !== undefined) open.reason = i.reason;
      if (i.slippage !== undefined) open.slippage = d(i.slippage);
      if (i.price !== undefined) open.limitPrice = d(i.price);
      if (i.allowStacking !== undefined) open.allowStacking = i.allowStacking;
      out.push(open);
      if (i.takeProfit === undefined && i.stopLoss === undefined) return out;
      const id1 = idFor(c, signal, 1);
      out.push(tpsl(id1, strategyId, createdAt, symbol, i.reason, { by: 'intent', intentId }, i, d));
      return out;
    }
    case 'close': {
      const quantity = i.quantity ?? 'all';
      const close: Mutable<CloseIntent> = {
        intentId,
        strategyId,
        createdAt,
        symbol,
        kind: 'close',
        position: ref(i.position),
        quantity: quantity === 'all' ? 'all' : d(quantity),
        orderType: i.type ?? 'MARKET',
      };
      if (i.reason !== undefined) close.reason = i.reason;
      if (i.slippage !== undefined) close.slippage = d(i.slippage);
      if (i.price !== undefined) close.closePrice = d(i.price);
      out.push(close);
      return out;
    }
    case 'cancel': {
      const cancel: Mutable<CancelIntent> = {
        intentId,
        strategyId,
        createdAt,
        symbol,
        kind: 'cancel',
        target: ClientRequestId(i.request),
      };
      if (i.reason !== undefined) cancel.reason = i.reason;
      out.push(cancel);
      return out;
    }
    case 'setTpSl':
      out.push(tpsl(intentId, strategyId, createdAt, symbol, i.reason, ref(i.position), i, d));
      return out;
    case 'clearTpSl':
      out.push(tpsl(intentId, strategyId, createdAt, symbol, i.reason, ref(i.position), CLEARED, d));
      return out;
  }
}

/** The id of (signal, leg) in the strategy's scheme, asking no memo of a signal it did not name. */
function idFor(c: ConvertContext, signal: string, leg: number): IntentId {
  return c.memo === undefined ? deriveIntentId(c.strategyId, signal, leg) : c.memo.ids(signal, leg);
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
const CLEARED = { takeProfit: null, stopLoss: null } as const;

type Leg = number | { readonly fraction: number } | null | undefined;

/** A leg as the domain has it: a price, `{ fraction }` of the fill (resolved by the executor), null. */
function legOf(
  v: number | { readonly fraction: number } | null,
  d: (value: number) => Decimal,
): TpSlPrice | null {
  if (v === null) return null;
  return typeof v === 'number' ? d(v) : { fraction: d(v.fraction) };
}

/**
 * A setTpSl: a price sets that leg, null clears it, absent leaves it as the venue has it; a
 * `{ fraction }` leg stays relative here: the executor resolves it against the fill, never against
 * the price at decision time.
 */
function tpsl(
  intentId: IntentId,
  strategyId: StrategyId,
  createdAt: number,
  symbol: MarketSymbol,
  reason: string | undefined,
  position: PositionRef,
  legs: { readonly takeProfit?: Leg; readonly stopLoss?: Leg },
  d: (value: number) => Decimal,
): SetTpSlIntent {
  const out: Mutable<SetTpSlIntent> = { intentId, strategyId, createdAt, symbol, kind: 'setTpSl', position };
  if (reason !== undefined) out.reason = reason;
  if (legs.takeProfit !== undefined) out.takeProfit = legOf(legs.takeProfit, d);
  if (legs.stopLoss !== undefined) out.stopLoss = legOf(legs.stopLoss, d);
  return out;
}
