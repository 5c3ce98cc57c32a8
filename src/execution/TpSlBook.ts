import type { ClientRequestId, StrategyId } from '../domain/ids.ts';
import { type Decimal, dec } from '../domain/money.ts';
import type { RequestRecord } from '../domain/request.ts';

/** The TP/SL a quote carries as far as our applied requests say (null: that leg is not set). */
export interface ArmedTpSl {
  readonly takeProfit: Decimal | null;
  readonly stopLoss: Decimal | null;
  /** The TP/SL request that set the latest leg: a close the venue makes by firing is booked to it. */
  readonly clientRequestId: ClientRequestId;
  readonly strategyId: StrategyId;
}

/** A TP/SL request's legs as journaled in `params`: a price text sets, null clears, absent leaves. */
// A type alias, not an interface: it must fit RequestRecord's `params` record type.
export type TpSlParams = {
  readonly takeProfit?: string | null;
  readonly stopLoss?: string | null;
  /** The open (client request id) this TP/SL waits for, when it was submitted before the fill. */
  readonly after?: ClientRequestId;
};

const leg = (v: string | null | undefined, prev: Decimal | null): Decimal | null =>
  v === undefined ? prev : v === null ? null : dec(v);

export const tpslParams = (r: RequestRecord): TpSlParams => r.params as TpSlParams;

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
    const p = tpslParams(r);
    const prev = this.armed.get(r.quoteId);
    const takeProfit = leg(p.takeProfit, prev?.takeProfit ?? null);
    const stopLoss = leg(p.stopLoss, prev?.stopLoss ?? null);
    if (takeProfit === null && stopLoss === null) this.armed.delete(r.quoteId);
    else
      this.armed.set(r.quoteId, {
        takeProfit,
        stopLoss,
        clientRequestId: r.clientRequestId,
        strategyId: r.strategyId,
      });
  }

  armedOn(quoteId: string): ArmedTpSl | undefined {
    return this.armed.get(quoteId);
  }

  /** A quote whose position is gone: nothing can fire on it any more. */
  disarm(quoteId: string): void {
    this.armed.delete(quoteId);
  }
}
