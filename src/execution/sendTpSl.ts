import type { ClientRequestId, QuoteId } from '../domain/ids.ts';
import type { RequestRecord } from '../domain/request.ts';
import type { TpSlRequestOrder } from '../domain/requestOrder.ts';
import type { PositionSide } from '../domain/side.ts';
import { JournalError } from '../errors/JournalError.ts';
import type { RequestPatch } from '../journal/JournalPort.ts';
import { resolveTpSl, unresolved } from './resolveTpSl.ts';
import type { SendHost } from './send.ts';
import { applySubmitError } from './submitAnswer.ts';
import { tpslOrder } from './TpSlBook.ts';

/**
 * TP/SL sets, one venue call each (the venue has no batch form). A leg given relative to the fill
 * is priced here, from the open's fill, just before the send (resolveTpSl.ts). The venue answers
 * synchronously, so the answer is the outcome: FILLED (took effect), REJECTED (a definitive code:
 * the position is not OPENED, a price on the wrong side of the mark), or UNKNOWN, settled from the
 * venue's TP/SL list (settleTpSl.ts) and never by sending again. SUBMITTING is committed before
 * each call.
 */
export async function sendTpSl(h: SendHost, ids: readonly ClientRequestId[]): Promise<void> {
  for (const id of ids) {
    if (!h.alive()) return;
    await sendOne(h, id);
  }
}

async function sendOne(h: SendHost, id: ClientRequestId): Promise<void> {
  const r = h.journal.get(id);
  if (r === undefined || r.status !== 'CREATED') return;
  let p = tpslOrder(r);
  const open = p.after === undefined ? undefined : h.journal.get(p.after);
  const quoteId = r.quoteId ?? open?.quoteId;
  const side = r.side ?? open?.side;
  let sent: RequestRecord;
  try {
    if (quoteId === undefined) {
      h.move([{ id, to: 'NOT_SENT', note: 'no venue quote to set TP/SL on' }]);
      return;
    }
    if (unresolved(p)) {
      const priced = priceRelative(h, p, quoteId, open, side);
      if (typeof priced === 'string') {
        h.move([{ id, to: 'NOT_SENT', note: `relative TP/SL not sent: ${priced}` }]);
        return;
      }
      p = priced;
    }
    h.crashAt('beforeJournalCommit');
    const patch: RequestPatch = {
      submittedAt: h.clock.now(),
      quoteId,
      ...(side === undefined ? {} : { side }),
      ...(p === r.order ? {} : { order: p }),
    };
    // A relative leg priced just now rides on the SUBMITTING patch, so the journal holds the
    // prices sent: the one order that changes after it is journaled (requestShape.ts; test: a
    // restart after the send reads the resolved prices back).
    [sent] = h.move([{ id, to: 'SUBMITTING', patch }]) as [RequestRecord];
    const pending = h.journal.pendingCommit(); // a networked journal: SUBMITTING durable first
    if (pending !== undefined) await pending;
    h.crashAt('afterCommitBeforeSend');
  } catch (e) {
    if (h.alive()) h.onJournalFailure(e);
    return;
  }
  h.emit({ type: 'venueCall', call: 'submit', kind: 'setTpSl', requests: 1 });
  const { takeProfit, stopLoss } = p;
  let failure: unknown;
  let ok = false;
  try {
    await h.venue.setTpSl({
      quoteId,
      symbol: r.symbol,
      ...(takeProfit === undefined ? {} : { takeProfit }),
      ...(stopLoss === undefined ? {} : { stopLoss }),
    });
    ok = true;
  } catch (e) {
    failure = e;
  }
  if (!h.alive()) return;
  try {
    h.crashAt('afterSendBefore201');
  } catch {
    return;
  }
  try {
    if (ok) h.move([{ id, to: 'FILLED', note: 'TP/SL set' }]);
    else applySubmitError(h, [sent], failure);
  } catch (e) {
    if (e instanceof JournalError) return;
    throw e;
  }
}

/**
 * The fractions of `p` priced from the fill of the position: the open's average fill price, else
 * the ledger's for the quote (a reconciled open may carry none). A string says why not.
 */
function priceRelative(
  h: SendHost,
  p: TpSlRequestOrder,
  quoteId: QuoteId,
  open: RequestRecord | undefined,
  side: PositionSide | undefined,
): TpSlRequestOrder | string {
  const lot = h.ledger.lotOfQuote(quoteId);
  const fill = open?.avgPrice ?? lot?.avgOpenPrice;
  const by = side ?? lot?.side;
  if (fill === undefined || !fill.greaterThan(0) || by === undefined)
    return `no fill price known for quote ${quoteId}`;
  return resolveTpSl(p, by, fill);
}
