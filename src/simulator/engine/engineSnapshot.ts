import { type Decimal, dec, ZERO } from '../../domain/money.ts';
import type { MarginMode, OrderType, PositionSide } from '../../domain/side.ts';
import type { AccountBook } from './AccountBook.ts';
import type { EngineCore, Mark } from './EngineCore.ts';
import { applyExposure } from './Exposure.ts';
import {
  KEEP_RECENT,
  type RequestKeep,
  type RequestSnapshot,
  restoreRequests,
  snapshotRequests,
} from './requestSnapshot.ts';
import type { Quote } from './state.ts';

/** One open position as a snapshot keeps it (money as decimal strings). */
export interface PositionSnapshot {
  readonly quoteId: string;
  readonly tempId: string;
  readonly symbol: string;
  readonly side: PositionSide;
  readonly orderType: OrderType;
  readonly marginMode: MarginMode;
  readonly quantity: string;
  readonly closedAmount: string;
  readonly leverage: number;
  readonly openedPrice: string;
  readonly margin: string;
  readonly accumulatedFunding: string;
  readonly realizedPnl: string;
  readonly slippage: string;
  readonly refPrice: number;
  readonly takeProfit: string | null;
  readonly stopLoss: string | null;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export interface SubaccountSnapshot {
  readonly address: string;
  readonly chainId: number;
  readonly collateral: string;
  readonly positions: readonly PositionSnapshot[];
}

/**
 * What a paper account needs to continue after a restart: collateral, open positions with their
 * TP/SL, marks, recent requests, and how many ids were issued (a restarted venue never reuses a
 * tempId or quoteId the journal knows). A request still pending ends EXPIRED with the restart: the
 * client's next start learns it from its poll and settles it, as after a crash on a real venue.
 */
export interface EngineSnapshot {
  readonly version: 1;
  readonly requestsIssued: number;
  readonly quotesIssued: number;
  readonly marks: Readonly<Record<string, Mark>>;
  readonly subaccounts: readonly SubaccountSnapshot[];
  /** Requests pending, or answered lately or still asked about (RequestKeep): a poll after the restart has an answer. */
  readonly requests: readonly RequestSnapshot[];
}

const str = (d: Decimal | null): string | null => (d === null ? null : d.toString());
/** Positions: opened, including one whose close is in flight (it is still open until it fills). */
const HELD = new Set(['OPENED', 'CLOSE_PENDING', 'CANCEL_CLOSE_PENDING']);

function positionOf(q: Quote): PositionSnapshot {
  return {
    quoteId: q.quoteId ?? '',
    tempId: q.tempId,
    symbol: q.market.spec.symbol,
    side: q.side,
    orderType: q.orderType,
    marginMode: q.marginMode,
    quantity: q.quantity.toString(),
    closedAmount: q.closedAmount.toString(),
    leverage: q.leverage,
    openedPrice: (q.openedPrice ?? ZERO).toString(),
    margin: q.margin.toString(),
    accumulatedFunding: q.accumulatedFunding.toString(),
    realizedPnl: q.realizedPnl.toString(),
    slippage: q.slippage.toString(),
    refPrice: q.refPrice,
    takeProfit: str(q.takeProfit),
    stopLoss: str(q.stopLoss),
    createdAt: q.createdAt,
    updatedAt: q.updatedAt,
  };
}

export function snapshotEngine(
  h: EngineCore,
  accounts: AccountBook,
  keep: RequestKeep = KEEP_RECENT,
): EngineSnapshot {
  const subaccounts: SubaccountSnapshot[] = [];
  for (const sub of accounts.subaccounts.values())
    subaccounts.push({
      address: sub.address,
      chainId: sub.chainId,
      collateral: sub.collateral.toString(),
      positions: sub.live
        .toArray()
        .filter((q) => q.quoteId !== null && HELD.has(q.status))
        .map(positionOf),
    });
  return {
    version: 1,
    requestsIssued: h.requests.issuedCount,
    quotesIssued: h.byQuoteId.issuedCount,
    marks: Object.fromEntries(h.marks),
    subaccounts,
    requests: snapshotRequests(h, keep),
  };
}

/**
 * Puts a snapshot's positions and collateral into subaccounts that exist already (set up again
 * through the account endpoints at start) and moves the id counters past the snapshot's. A
 * subaccount or market the engine does not have is an Error naming it.
 */
export function restoreEngine(h: EngineCore, accounts: AccountBook, s: EngineSnapshot): void {
  // Into the engine's own records: they are kept in place (EngineCore's last lookup holds one).
  for (const [symbol, saved] of Object.entries(s.marks)) {
    const mark = h.marks.get(symbol);
    if (mark === undefined) continue;
    mark.mark = saved.mark;
    mark.last = saved.last;
    mark.ts = saved.ts;
  }
  const positions = s.subaccounts.flatMap((sub) => sub.positions.map((p) => ({ sub, p })));
  positions.sort(
    (a, b) => (h.byQuoteId.numberOf(a.p.quoteId) ?? 0) - (h.byQuoteId.numberOf(b.p.quoteId) ?? 0),
  );
  for (const saved of s.subaccounts)
    accounts.subaccount(saved.address, saved.chainId).collateral = dec(saved.collateral);
  for (const { sub: saved, p } of positions) {
    const sub = accounts.subaccount(saved.address, saved.chainId);
    const market = h.bySymbol.get(p.symbol);
    const n = h.byQuoteId.numberOf(p.quoteId);
    if (market === undefined)
      throw new Error(
        `paper account: position ${p.quoteId} on ${p.symbol}, a market this simulator does not list`,
      );
    if (n === undefined) throw new Error(`paper account: ${p.quoteId} is not a position id`);
    const q: Quote = {
      tempId: p.tempId,
      quoteId: null,
      subaccount: sub,
      market,
      side: p.side,
      orderType: p.orderType,
      quantity: dec(p.quantity),
      leverage: p.leverage,
      limitPrice: null,
      slippage: dec(p.slippage),
      refPrice: p.refPrice,
      marginMode: p.marginMode,
      status: 'OPENED',
      closedAmount: dec(p.closedAmount),
      openedPrice: dec(p.openedPrice),
      margin: dec(p.margin),
      accumulatedFunding: dec(p.accumulatedFunding),
      realizedPnl: dec(p.realizedPnl),
      reservedAt: null,
      reservedN: 0,
      cost: null,
      takeProfit: p.takeProfit === null ? null : dec(p.takeProfit),
      stopLoss: p.stopLoss === null ? null : dec(p.stopLoss),
      closeRequest: null,
      tpslClose: null,
      openRequest: null,
      createdAt: p.createdAt,
      updatedAt: p.updatedAt,
      subSlot: -1,
      watchSlot: -1,
    };
    h.byQuoteId.skipTo(n - 1);
    q.quoteId = h.byQuoteId.issue();
    h.byQuoteId.store(q.quoteId, q);
    sub.live.add(q);
    const w = h.watchOf(q);
    w.live.add(q);
    if (q.marginMode === 'isolated') w.isolated.add(q);
    else {
      const open = q.quantity.minus(q.closedAmount);
      applyExposure(sub, market, q.side === 'LONG', open, open.times(dec(p.openedPrice)), q.margin, 1);
      w.crossSubs.add(sub);
    }
    h.watchTpSl(q);
  }
  restoreRequests(h, accounts, s.requests);
  h.requests.skipTo(s.requestsIssued);
  h.byQuoteId.skipTo(s.quotesIssued);
}
