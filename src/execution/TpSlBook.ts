import type { ClientRequestId, StrategyId } from '../domain/ids.ts';
import type { Decimal } from '../domain/money.ts';
import type { RequestRecord } from '../domain/request.ts';
import type { TpSlRequestOrder } from '../domain/requestOrder.ts';
import { wireParams } from '../domain/requestOrder.ts';
import type { PositionSide } from '../domain/side.ts';

export type TpSlLeg = 'takeProfit' | 'stopLoss';

/** The TP/SL a quote carries as far as our applied requests say (null: that leg is not set). */
export interface ArmedTpSl {
  readonly takeProfit: Decimal | null;
  readonly stopLoss: Decimal | null;
  /** The TP/SL request that set the latest leg: a close the venue makes by firing is booked to it. */
  readonly clientRequestId: ClientRequestId;
  readonly strategyId: StrategyId;
  readonly symbol: string;
  readonly side: PositionSide;
  /** The leg our own price feed saw the mark cross (the venue fires it then), once seen. */
  crossed?: TpSlLeg;
}

/** The leg `mark` is at or past: a long's TP at ≥ and SL at ≤, a short's mirrored. */
export function legAt(
  side: PositionSide,
  mark: number,
  tp: number | undefined,
  sl: number | undefined,
): TpSlLeg | undefined {
  const long = side === 'LONG';
  if (tp !== undefined && (long ? mark >= tp : mark <= tp)) return 'takeProfit';
  if (sl !== undefined && (long ? mark <= sl : mark >= sl)) return 'stopLoss';
  return undefined;
}

/** A TP/SL request's legs as journaled in `params`: a price text sets, null clears, absent leaves. */
// A type alias, not an interface: it must fit RequestRecord's `params` record type.
export type TpSlParams = {
  readonly takeProfit?: string | null;
  readonly stopLoss?: string | null;
  /** The open (client request id) this TP/SL waits for, when it was submitted before the fill. */
  readonly after?: ClientRequestId;
};

const leg = (v: Decimal | null | undefined, prev: Decimal | null): Decimal | null =>
  v === undefined ? prev : v;

export const tpslParams = (r: RequestRecord): TpSlParams => wireParams(r.order);

/** A TP/SL request's typed order (its legs as Decimals, as built). */
export function tpslOrder(r: RequestRecord): TpSlRequestOrder {
  if (r.order.kind !== 'setTpSl') throw new Error(`request ${r.clientRequestId} is not a TP/SL set`);
  return r.order;
}

/** Whether an applied TP/SL request took effect at the venue. */
export const isApplied = (r: RequestRecord): boolean =>
  r.kind === 'setTpSl' && (r.status === 'FILLED' || r.status === 'RECONCILED_EXECUTED');

/**
 * TP/SL state the executor keeps in memory: requests held until their open fills (the venue takes
 * TP/SL only on an OPENED position), and the legs each quote carries after our applied requests,
 * which is how a position the venue closed by firing TP/SL is recognised in reconciliation.
 */
export class TpSlBook {
  private readonly held = new Map<ClientRequestId, ClientRequestId[]>();
  private readonly armed = new Map<string, ArmedTpSl>();
  /** Armed quotes per symbol, with their legs as numbers: the per-tick check stays cheap. */
  private readonly watch = new Map<string, Map<string, { tp?: number; sl?: number }>>();

  /** Rebuilds the armed legs from the journal's applied TP/SL requests, oldest first. */
  static fromJournal(all: readonly RequestRecord[]): TpSlBook {
    const book = new TpSlBook();
    const applied = all.filter(isApplied).sort((a, b) => a.updatedAt - b.updatedAt);
    for (const r of applied) book.noteApplied(r);
    return book;
  }

  get holding(): number {
    return this.held.size;
  }

  hold(open: ClientRequestId, tpsl: ClientRequestId): void {
    const list = this.held.get(open);
    if (list === undefined) this.held.set(open, [tpsl]);
    else if (!list.includes(tpsl)) list.push(tpsl);
  }

  /** The TP/SL requests waiting for `open`, removed from the book. */
  takeHeld(open: ClientRequestId): readonly ClientRequestId[] {
    const list = this.held.get(open);
    if (list === undefined) return [];
    this.held.delete(open);
    return list;
  }

  /** An applied TP/SL request: its given legs replace (or clear) what the quote carried. */
  noteApplied(r: RequestRecord): void {
    if (r.quoteId === undefined) return;
    const p = tpslOrder(r);
    const prev = this.armed.get(r.quoteId);
    const takeProfit = leg(p.takeProfit, prev?.takeProfit ?? null);
    const stopLoss = leg(p.stopLoss, prev?.stopLoss ?? null);
    this.disarm(r.quoteId);
    if ((takeProfit === null && stopLoss === null) || r.side === undefined) return;
    this.armed.set(r.quoteId, {
      takeProfit,
      stopLoss,
      clientRequestId: r.clientRequestId,
      strategyId: r.strategyId,
      symbol: r.symbol,
      side: r.side,
    });
    let bySymbol = this.watch.get(r.symbol);
    if (bySymbol === undefined) {
      bySymbol = new Map();
      this.watch.set(r.symbol, bySymbol);
    }
    this.watching = true;
    bySymbol.set(r.quoteId, {
      ...(takeProfit === null ? {} : { tp: takeProfit.toNumber() }),
      ...(stopLoss === null ? {} : { sl: stopLoss.toNumber() }),
    });
  }

  /** Whether any quote carries TP/SL (a plain field: the per-bar price path reads it). */
  watching = false;

  /** `onMark` for each tick; true when any crossed a leg for the first time. */
  onTicks(ticks: readonly { readonly symbol: string; readonly mark: number }[]): boolean {
    let fresh = false;
    for (const t of ticks) if (this.onMark(t.symbol, t.mark)) fresh = true;
    return fresh;
  }

  /**
   * A mark from the executor's price feed: each armed quote on `symbol` it crosses keeps the leg
   * as evidence (the venue fires there, even if the price comes back before reconciliation).
   * True when a leg was crossed for the first time: reconcile soon.
   */
  onMark(symbol: string, mark: number): boolean {
    const bySymbol = this.watch.get(symbol);
    if (bySymbol === undefined) return false;
    let fresh = false;
    for (const [quoteId, legs] of bySymbol) {
      const a = this.armed.get(quoteId) as ArmedTpSl;
      if (a.crossed !== undefined) continue;
      const leg = legAt(a.side, mark, legs.tp, legs.sl);
      if (leg === undefined) continue;
      a.crossed = leg;
      fresh = true;
    }
    return fresh;
  }

  armedOn(quoteId: string): ArmedTpSl | undefined {
    return this.armed.get(quoteId);
  }

  /** A quote whose position is gone: nothing can fire on it any more. */
  disarm(quoteId: string): void {
    const a = this.armed.get(quoteId);
    if (a === undefined) return;
    this.armed.delete(quoteId);
    const bySymbol = this.watch.get(a.symbol);
    bySymbol?.delete(quoteId);
    if (bySymbol?.size === 0) this.watch.delete(a.symbol);
    this.watching = this.watch.size > 0;
  }
}
