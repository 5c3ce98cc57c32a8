import { type Decimal, dec } from '../../domain/money.ts';
import type { OrderType, PositionSide } from '../../domain/side.ts';
import { isTerminalVenueStatus, type RequestKind, type VenueStatus } from '../../domain/venueStatus.ts';
import type { AccountBook } from './AccountBook.ts';
import type { EngineCore } from './EngineCore.ts';
import { newQuote } from './records.ts';
import type { Quote, Request } from './state.ts';

/** Requests answered within this long before a snapshot are kept: a client may still ask about them. */
export const KEPT_REQUESTS_MS = 15 * 60_000;

/** Which answered requests a snapshot keeps (every pending one is kept). */
export interface RequestKeep {
  /** Those answered within this long before the snapshot. */
  readonly answeredWithinMs: number;
  /**
   * The tempIds of older ones kept all the same: their client may still ask about them. Named,
   * not tested one by one, so a snapshot looks them up instead of walking every request.
   */
  readonly asked: () => Iterable<string>;
}

/** For a client the venue knows nothing of: everything answered in the last KEPT_REQUESTS_MS. */
export const KEEP_RECENT: RequestKeep = { answeredWithinMs: KEPT_REQUESTS_MS, asked: () => [] };

/** One request as a snapshot keeps it, so that a status poll after the restart has an answer. */
export interface RequestSnapshot {
  readonly tempId: string;
  readonly kind: RequestKind;
  readonly status: VenueStatus;
  readonly subaccount: string;
  readonly chainId: number;
  readonly symbol: string;
  readonly side: PositionSide;
  /** The position it belongs to, when that position is in the snapshot. */
  readonly quoteId: string | null;
  readonly quantity: string;
  readonly filledQuantity: string;
  readonly avgPrice: string | null;
  readonly orderType: OrderType;
  readonly price: string | null;
  readonly slippage: string;
  readonly refPrice: number;
  readonly errorCode: string | null;
  readonly reason: string | null;
  readonly acceptedAt: number;
  readonly updatedAt: number;
}

const str = (d: Decimal | null): string | null => (d === null ? null : d.toString());

export function snapshotRequests(h: EngineCore, keep: RequestKeep = KEEP_RECENT): RequestSnapshot[] {
  const since = h.clock.now() - keep.answeredWithinMs;
  const kept: RequestSnapshot[] = [];
  for (const r of h.requestIndex().kept(since, keep.asked())) {
    kept.push({
      tempId: r.tempId,
      kind: r.kind,
      status: r.status,
      subaccount: r.quote.subaccount.address,
      chainId: r.quote.subaccount.chainId,
      symbol: r.quote.market.spec.symbol,
      side: r.quote.side,
      quoteId: r.quote.quoteId,
      quantity: r.quantity.toString(),
      filledQuantity: r.filledQuantity.toString(),
      avgPrice: str(r.avgPrice),
      orderType: r.orderType,
      price: str(r.price),
      slippage: r.slippage.toString(),
      refPrice: r.refPrice,
      errorCode: r.errorCode,
      reason: r.reason,
      acceptedAt: r.acceptedAt,
      updatedAt: r.updatedAt,
    });
  }
  return kept;
}

/**
 * Puts the kept requests back under their tempIds, after the positions (restoreEngine). One that
 * was still pending ends EXPIRED: the restart ended it unfilled, and its poll says so at once.
 */
export function restoreRequests(
  h: EngineCore,
  accounts: AccountBook,
  saved: readonly RequestSnapshot[],
): void {
  const numbered = saved
    .map((r) => ({ r, n: h.requests.numberOf(r.tempId) }))
    .sort((a, b) => (a.n ?? 0) - (b.n ?? 0));
  const now = h.clock.now();
  for (const { r, n } of numbered) {
    const market = h.bySymbol.get(r.symbol);
    if (n === undefined || market === undefined) continue;
    const position = r.quoteId === null ? undefined : h.byQuoteId.get(r.quoteId);
    const pending = !isTerminalVenueStatus(r.kind, r.status);
    // A request whose position is gone (or never was) keeps a record of its own: what polls read.
    const gone: VenueStatus = pending ? 'EXPIRED' : r.kind === 'open' ? r.status : 'CLOSED';
    const quote: Quote = position ?? {
      ...newQuote({
        tempId: r.tempId,
        subaccount: accounts.subaccount(r.subaccount, r.chainId),
        market,
        side: r.side,
        orderType: r.orderType,
        quantity: dec(r.quantity),
        leverage: 1,
        limitPrice: r.price === null ? null : dec(r.price),
        slippage: dec(r.slippage),
        refPrice: r.refPrice,
        now: r.acceptedAt,
      }),
      quoteId: r.quoteId,
      status: gone,
    };
    const request: Request = {
      tempId: r.tempId,
      kind: r.kind,
      quote,
      status: pending ? 'EXPIRED' : r.status,
      filledQuantity: dec(r.filledQuantity),
      avgPrice: r.avgPrice === null ? null : dec(r.avgPrice),
      errorCode: r.errorCode,
      reason: pending ? 'the paper venue restarted before this request was filled' : r.reason,
      acceptedAt: r.acceptedAt,
      updatedAt: pending ? now : r.updatedAt,
      quantity: dec(r.quantity),
      orderType: r.orderType,
      price: r.price === null ? null : dec(r.price),
      slippage: dec(r.slippage),
      refPrice: r.refPrice,
      target: null,
    };
    h.requests.skipTo(n - 1);
    if (h.requests.issue() !== r.tempId) throw new Error(`paper account: cannot restore request ${r.tempId}`);
    h.track(request);
  }
}
