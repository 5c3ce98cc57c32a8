import type { BatchId, ChainId, MarketSymbol, QuoteId, SubaccountAddress, TempId } from '../domain/ids.ts';
import type { MarketSpec } from '../domain/market.ts';
import type { Decimal } from '../domain/money.ts';
import type { Position } from '../domain/position.ts';
import type { OrderType, Permission, PositionSide } from '../domain/side.ts';
import type { PriceTick } from '../domain/tick.ts';
import type { RequestKind, VenueStatus } from '../domain/venueStatus.ts';
import type { PerpflowError } from '../errors/PerpflowError.ts';
import type { WatchRequests } from './VenueReport.ts';

/** What the venue answered to an accepted submit (201). Acceptance is not success. */
export interface SubmitAck {
  readonly tempId: TempId;
}

export interface OpenOrder {
  readonly symbol: MarketSymbol;
  readonly side: PositionSide;
  readonly quantity: Decimal;
  readonly leverage: number;
  readonly orderType: OrderType;
  readonly slippage?: Decimal;
  readonly limitPrice?: Decimal;
  readonly useInstantActions?: boolean;
}

export interface CloseOrder {
  readonly quoteId: QuoteId;
  /** The quote's market: when given, quantity and close price are rounded down to its precision. */
  readonly symbol?: MarketSymbol;
  readonly quantity: Decimal;
  readonly orderType: OrderType;
  readonly slippage?: Decimal;
  readonly closePrice?: Decimal;
}

/** Per leg: a price sets or replaces it, `null` clears it, absent leaves it as it is. */
export interface TpSlOrder {
  readonly quoteId: QuoteId;
  /** The quote's market: when given, the prices are rounded down to its precision. */
  readonly symbol?: MarketSymbol;
  readonly takeProfit?: Decimal | null;
  readonly stopLoss?: Decimal | null;
}

/** A row of `POST /v1/tpsl/list`: the quote's status (CLOSED after a TP/SL fired) and its legs. */
export interface TpSlState {
  readonly quoteId: QuoteId;
  readonly status: VenueStatus;
  readonly takeProfit: Decimal | null;
  readonly stopLoss: Decimal | null;
  /**
   * The MARKET close the venue sent when a leg fired (a close-request id: its status is that
   * close's fill), null when none fired or the venue does not say.
   */
  readonly closeRequestId: TempId | null;
  /** Funding the position paid (negative: received), null when the venue does not say. */
  readonly accumulatedFunding: Decimal | null;
}

/** One item of a batch: accepted with a tempId, or refused with the mapped error. */
export type BatchItemResult =
  | { readonly index: number; readonly ok: true; readonly tempId: TempId }
  | { readonly index: number; readonly ok: false; readonly error: PerpflowError };

export interface BatchAck {
  readonly batchId: BatchId;
  readonly results: readonly BatchItemResult[];
}

/** The answer of a status poll (`GET /v1/positions/<kind>-request/status`). */
export interface RequestStatusReport {
  readonly tempId: TempId;
  readonly quoteId: QuoteId | null;
  readonly status: VenueStatus;
  readonly filledQuantity: Decimal;
  readonly avgPrice: Decimal | null;
  readonly errorCode?: string;
  readonly reason?: string;
  readonly updatedAt: number;
}

export interface Balance {
  readonly subaccount: SubaccountAddress;
  readonly allocated: Decimal;
  readonly equity: Decimal;
  readonly availableMargin: Decimal;
  readonly lockedMargin: Decimal;
  readonly unrealizedPnl: Decimal;
}

export interface FundingInfo {
  readonly symbol: MarketSymbol;
  readonly nextFundingTime: number;
  readonly rateLong: Decimal;
  readonly rateShort: Decimal;
  readonly epochMs: number;
}

export interface KeyPermissions {
  readonly isValid: boolean;
  readonly subaccounts: readonly {
    readonly subaccount: SubaccountAddress;
    readonly chainId: ChainId;
    readonly permissions: readonly Permission[];
  }[];
}

/**
 * The venue in domain terms, for one API key acting on one subaccount and chain.
 * Reads may be retried by the implementation; submits (open/close/cancel/TP-SL, single or batch)
 * are sent exactly once and never retried: a lost answer is an OutcomeUnknownError.
 *
 * Errors: AuthError (401), PermissionError (403), VenueRejectedError (400 with a code),
 * TransientVenueError (429/5xx/network on a read), OutcomeUnknownError (submit without a
 * readable answer), VenueProtocolError (a read answered with the wrong shape).
 */
export interface VenuePort {
  readonly subaccount: SubaccountAddress;
  readonly chainId: ChainId;

  markets(): Promise<readonly MarketSpec[]>;
  /** From the cached catalog; VenueRejectedError UNKNOWN_MARKET when absent. */
  market(symbol: MarketSymbol): Promise<MarketSpec>;
  markPrices(symbols: readonly MarketSymbol[]): Promise<readonly PriceTick[]>;
  positions(): Promise<readonly Position[]>;
  balance(): Promise<Balance>;
  fundingInfo(): Promise<readonly FundingInfo[]>;
  listPermissions(): Promise<KeyPermissions>;

  /**
   * One flushed group of one kind as exactly one venue call: the adapter picks the endpoint (the
   * RFQ venue's single endpoint for one item, its batch endpoint for more; `submitVia`). A single
   * answers a SubmitAck (a refusal throws), a batch a BatchAck (refusals per item).
   */
  submit(group: SubmitGroup): Promise<SubmitAck | BatchAck>;
  /**
   * The same call answered in this turn, by an adapter that knows its answer at once (the
   * in-process one): the answer, a refusal thrown as `submit` would reject with it, or undefined
   * when this group needs `submit` (nothing was sent then). Saves the core an await per call.
   */
  readonly submitNow?: (group: SubmitGroup) => SubmitAck | BatchAck | undefined;
  /** Synchronous: the answer is the effect (no tempId, no status poll). */
  setTpSl(order: TpSlOrder): Promise<void>;
  /** Quotes the venue does not know are absent from the answer. */
  listTpSl(quoteIds: readonly QuoteId[]): Promise<readonly TpSlState[]>;

  closeAll(): Promise<BatchAck>;

  /** null when the venue answers 404 (not indexed yet, or unknown): never a rejection. */
  requestStatus(kind: RequestKind, id: TempId): Promise<RequestStatusReport | null>;

  /**
   * How the core learns outcomes: the adapter pushes reports through its own watch. The RFQ
   * adapter polls `requestStatus` (`rfqWatch`); the in-process one is told by the engine.
   */
  readonly watchRequests: WatchRequests;
}

/** One group of requests of one kind, as the core flushes it. */
export type SubmitGroup =
  | { readonly kind: 'open'; readonly items: readonly OpenOrder[] }
  | { readonly kind: 'close'; readonly items: readonly CloseOrder[] }
  /** Each item is the open's tempId or its quoteId. */
  | { readonly kind: 'cancelOpen'; readonly items: readonly (TempId | QuoteId)[] }
  | { readonly kind: 'cancelClose'; readonly items: readonly TempId[] };

/**
 * The venue's submit endpoints one by one, as the RFQ client and the in-process adapter offer
 * them to people and tools (a manual trade, a test); the core sends through `VenuePort.submit`.
 */
export interface VenueActions {
  openPosition(order: OpenOrder): Promise<SubmitAck>;
  closePosition(order: CloseOrder): Promise<SubmitAck>;
  /** `positionId` is the open's tempId or its quoteId. */
  cancelOpen(positionId: TempId | QuoteId): Promise<SubmitAck>;
  cancelClose(closeRequestId: TempId): Promise<SubmitAck>;
  batchOpen(orders: readonly OpenOrder[]): Promise<BatchAck>;
  batchClose(orders: readonly CloseOrder[]): Promise<BatchAck>;
  batchCancelOpen(positionIds: readonly (TempId | QuoteId)[]): Promise<BatchAck>;
  batchCancelClose(closeRequestIds: readonly TempId[]): Promise<BatchAck>;
}

/** What the RFQ client and the in-process adapter answer: the core's port and every endpoint. */
export type VenueClient = VenuePort & VenueActions;
