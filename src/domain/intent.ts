import type { ClientRequestId, IntentId, MarketSymbol, QuoteId, StrategyId } from './ids.ts';
import type { Decimal } from './money.ts';
import type { OrderType, PositionSide } from './side.ts';

/** What every intent carries: who wants it, on which market, and when it was decided. */
interface IntentBase {
  readonly intentId: IntentId;
  readonly strategyId: StrategyId;
  readonly createdAt: number;
  /** Free text for the operator: why the strategy wants this. */
  readonly reason?: string;
}

export interface OpenIntent extends IntentBase {
  readonly kind: 'open';
  readonly symbol: MarketSymbol;
  readonly side: PositionSide;
  readonly quantity: Decimal;
  readonly leverage: number;
  readonly orderType: OrderType;
  /** MARKET only: largest tolerated adverse move as a fraction (0.01 = 1 %). */
  readonly slippage?: Decimal;
  /** LIMIT only. */
  readonly limitPrice?: Decimal;
  /** Allows a second concurrent open on the same (strategy, market, side). */
  readonly allowStacking?: boolean;
}

/** Which position a close, cancel or TP/SL refers to: the open intent that made it, or a venue id. */
export type PositionRef =
  | { readonly by: 'intent'; readonly intentId: IntentId }
  | { readonly by: 'quote'; readonly quoteId: QuoteId };

export interface CloseIntent extends IntentBase {
  readonly kind: 'close';
  readonly symbol: MarketSymbol;
  readonly position: PositionRef;
  /** 'all' closes what remains open. */
  readonly quantity: Decimal | 'all';
  readonly orderType: OrderType;
  readonly slippage?: Decimal;
  readonly closePrice?: Decimal;
}

/** Cancels a pending open (cancel-quote) or a pending close (cancel-close-request). */
export interface CancelIntent extends IntentBase {
  readonly kind: 'cancel';
  readonly symbol: MarketSymbol;
  readonly target: ClientRequestId;
}

/**
 * A TP/SL leg given relative to the position's fill price, as a fraction in (0, 1): a long's TP at
 * fill × (1 + fraction) and SL at fill × (1 − fraction), a short's mirrored (TP below, SL above).
 * The executor resolves it once the fill is known (on the open's fill, or at once for a position
 * already filled), so a fill that moved past the price at decision time cannot put the TP on the
 * wrong side of the mark. The price is rounded to the market's grid away from the fill (a long's
 * TP and a short's SL up, a long's SL and a short's TP down): it is never on the wrong side of the
 * fill, and never closer to it than the fraction asks.
 */
export interface RelativePrice {
  readonly fraction: Decimal;
}

/** A TP/SL leg: an absolute price, or one relative to the fill (`{ fraction }`). */
export type TpSlPrice = Decimal | RelativePrice;

/** Whether a leg is given relative to the fill. */
export const isRelative = (v: TpSlPrice | null | undefined): v is RelativePrice =>
  v !== null && v !== undefined && 'fraction' in v;

/**
 * Sets, replaces or clears TP/SL of a position, per leg: a price sets or replaces that leg, `null`
 * clears it, absent leaves it as the venue has it. A reference to an open that has not filled yet
 * waits for the fill (the venue takes TP/SL only on an OPENED position); a relative leg
 * (`{ fraction }`, see RelativePrice) is resolved against that fill.
 */
export interface SetTpSlIntent extends IntentBase {
  readonly kind: 'setTpSl';
  readonly symbol: MarketSymbol;
  readonly position: PositionRef;
  readonly takeProfit?: TpSlPrice | null;
  readonly stopLoss?: TpSlPrice | null;
}

export interface CloseAllIntent extends IntentBase {
  readonly kind: 'closeAll';
}

export type Intent = OpenIntent | CloseIntent | CancelIntent | SetTpSlIntent | CloseAllIntent;
export type IntentKind = Intent['kind'];

/** Whether an intent can add exposure; everything else reduces or leaves it alone. */
export function increasesExposure(intent: Intent): intent is OpenIntent {
  return intent.kind === 'open';
}
