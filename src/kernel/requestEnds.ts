import type { RequestRecord } from '../domain/request.ts';
import type { RequestStatus } from '../domain/requestStatus.ts';

/** A request that ended without its strategy asking for that end. */
export interface UnrequestedEnd {
  readonly record: RequestRecord;
  readonly status: 'REJECTED' | 'FAILED' | 'CANCELED';
  readonly reason: string;
}

/** A position whose protective TP/SL the venue refused: it trades on unprotected. */
export interface UnprotectedPosition {
  readonly strategyId: string;
  readonly symbol: string;
  /** The position's quote id when known, else the open request the TP/SL waited for. */
  readonly position: string;
  readonly reason: string;
  readonly at: number;
}

const isEnd = (s: RequestStatus): s is UnrequestedEnd['status'] =>
  s === 'REJECTED' || s === 'FAILED' || s === 'CANCELED';

/**
 * Watches request transitions for the ends nobody asked for: every REJECTED or FAILED, and a
 * CANCELED unless a cancel request of ours targeted it. A refused TP/SL leaves its position
 * listed as unprotected until a later TP/SL on it is accepted.
 */
export class RequestEnds {
  private readonly cancelAsked = new Set<string>();
  private readonly unprotected = new Map<string, UnprotectedPosition>();

  onTransition(r: RequestRecord, to: RequestStatus, at: number): UnrequestedEnd | undefined {
    if (r.order.kind === 'cancelOpen' || r.order.kind === 'cancelClose') this.cancelAsked.add(r.order.target);
    // The position a TP/SL is for: its quote, or the open it waited for.
    const position =
      r.order.kind === 'setTpSl' ? (r.quoteId ?? r.order.after ?? r.clientRequestId) : undefined;
    if (position !== undefined && to === 'FILLED') this.unprotected.delete(position);
    if (!isEnd(to)) return undefined;
    if (to === 'CANCELED' && this.cancelAsked.delete(r.clientRequestId)) return undefined;
    // A cancel request of ours ends CANCELED when it took effect: the end it asked for.
    if (to === 'CANCELED' && (r.kind === 'cancelOpen' || r.kind === 'cancelClose')) return undefined;
    const reason =
      [r.errorCode, r.reason].filter((x) => x !== undefined && x !== '').join(': ') || 'no reason given';
    if (position !== undefined && to !== 'CANCELED')
      this.unprotected.set(position, { strategyId: r.strategyId, symbol: r.symbol, position, reason, at });
    return { record: r, status: to, reason };
  }

  /** For `perpflow status` and the terminal view: positions left without their TP/SL. */
  unprotectedPositions(): readonly UnprotectedPosition[] {
    return [...this.unprotected.values()];
  }
}

/**
 * The same list from a journal's records, for `perpflow status` (another process than the bot):
 * the TP/SL requests replayed in the order they ended. `open` keeps only positions still open
 * (by quote id or the open request's id); without it every refused TP/SL not yet replaced shows.
 */
export function unprotectedInJournal(
  records: readonly RequestRecord[],
  open: (position: string) => boolean = () => true,
): readonly UnprotectedPosition[] {
  const ends = new RequestEnds();
  for (const r of [...records].sort((a, b) => a.updatedAt - b.updatedAt))
    if (r.kind === 'setTpSl') ends.onTransition(r, r.status, r.updatedAt);
  return ends.unprotectedPositions().filter((p) => open(p.position));
}
