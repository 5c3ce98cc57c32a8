import { QuoteId } from '../domain/ids.ts';
import type { Decimal } from '../domain/money.ts';
import type { Position } from '../domain/position.ts';
import type { RequestRecord } from '../domain/request.ts';
import type { PositionSide } from '../domain/side.ts';
import { describeError } from '../log/redact.ts';
import type { TpSlState } from '../venue/VenuePort.ts';
import { bookTpSlClose, type FiredCandidate } from './bookTpSlClose.ts';
import { isLive } from './positionMatch.ts';
import type { ReconcileHost } from './reconcileHost.ts';
import type { ArmedTpSl } from './TpSlBook.ts';
import { tpslParams } from './TpSlBook.ts';

/**
 * Two things only the venue's TP/SL list can settle, read in one call: TP/SL sets whose answer was
 * lost (UNKNOWN: executed when the venue carries exactly our legs), and positions the venue closed
 * by firing a TP/SL we set. The positions list drops a closed position; the list still knows the
 * quote, and CLOSED (not LIQUIDATED) on a quote carrying our TP/SL, with no close of ours in flight,
 * is a TP/SL close: booked to the strategy that holds the lot at the venue's fill of the close the
 * leg sent (bookTpSlClose.ts), not as an external event.
 */
export async function settleTpSl(ex: ReconcileHost, positions: readonly Position[]): Promise<number> {
  const unknown = ex.journal
    .nonTerminal()
    .filter((r) => r.kind === 'setTpSl' && r.status === 'UNKNOWN' && r.quoteId !== undefined);
  const fired = firedCandidates(ex, positions);
  if (unknown.length === 0 && fired.length === 0) return 0;
  const ids = new Set<string>([...unknown.map((r) => r.quoteId as string), ...fired.map((c) => c.quoteId)]);
  let rows: readonly TpSlState[];
  try {
    rows = await ex.venue.listTpSl([...ids].map(QuoteId));
  } catch (e) {
    if (ex.alive()) ex.alert('warning', 'TPSL_READ_FAILED', `TP/SL list read failed: ${describeError(e)}`);
    return 0;
  }
  if (!ex.alive()) return 0;
  const byQuote = new Map(rows.map((r) => [r.quoteId as string, r]));
  let settled = 0;
  for (const r of unknown) settled += settleUnknown(ex, r, byQuote.get(r.quoteId as string)) ? 1 : 0;
  for (const c of fired) {
    const row = byQuote.get(c.quoteId);
    if (row?.status !== 'CLOSED' || !ex.alive()) continue;
    // The crossing our price feed saw is the better evidence: the price may have come back since.
    const crossed = c.armed.crossed ?? crossedLeg(c.lot.side, ex.ledger.markPrice(c.lot.symbol), c.armed);
    settled += (await bookTpSlClose(ex, c, row, crossed)) ? 1 : 0;
  }
  return settled;
}

/** Lots carrying our TP/SL that the positions list no longer shows live, with no request of ours on them. */
function firedCandidates(ex: ReconcileHost, positions: readonly Position[]): FiredCandidate[] {
  const out: FiredCandidate[] = [];
  let live: Set<string> | undefined;
  let busy: Set<string> | undefined;
  for (const lot of ex.ledger.openLots()) {
    const quoteId = lot.quoteId;
    if (quoteId === null) continue;
    const armed = ex.tpsl.armedOn(quoteId);
    if (armed === undefined) continue;
    live ??= new Set(positions.filter(isLive).map((p) => p.quoteId as string));
    busy ??= new Set(
      ex.journal
        .nonTerminal()
        .filter((r) => r.quoteId !== undefined)
        .map((r) => r.quoteId as string),
    );
    if (!live.has(quoteId) && !busy.has(quoteId)) out.push({ quoteId, lot, armed });
  }
  return out;
}

function sameLeg(ours: string | null | undefined, venue: Decimal | null): boolean {
  if (ours === undefined) return true;
  if (ours === null) return venue === null;
  return venue?.equals(ours) === true;
}

function settleUnknown(ex: ReconcileHost, r: RequestRecord, row: TpSlState | undefined): boolean {
  const p = tpslParams(r);
  if (row !== undefined && sameLeg(p.takeProfit, row.takeProfit) && sameLeg(p.stopLoss, row.stopLoss)) {
    ex.move([
      { id: r.clientRequestId, to: 'RECONCILED_EXECUTED', note: 'the venue carries these TP/SL legs' },
    ]);
    return true;
  }
  // Setting TP/SL again is not a duplicate trade, but the rule holds: settle, never resend.
  const why =
    row === undefined
      ? 'the venue does not know the quote'
      : row.status !== 'OPENED'
        ? `the position is ${row.status}`
        : 'the venue carries other TP/SL legs';
  if (row === undefined && ex.clock.now() - (r.submittedAt ?? r.createdAt) < ex.options.unknownSettleMs)
    return false;
  ex.move([{ id: r.clientRequestId, to: 'RECONCILED_NOT_EXECUTED', note: why }]);
  ex.alert('warning', 'TPSL_NOT_SET', `TP/SL request ${r.clientRequestId} did not take effect: ${why}`);
  return true;
}

/**
 * The leg the mark is at or past (a long's TP at ≥, SL at ≤). The venue fires a leg as soon as the
 * mark crosses it, so a position gone CLOSED with the mark past one of its legs was closed by that
 * leg; with the mark between the legs (a close by hand, or a price that came back) nothing is
 * claimed and convergeLots books it as a close outside perpflow, with its alert.
 */
export function crossedLeg(
  side: PositionSide,
  mark: Decimal | undefined,
  armed: Pick<ArmedTpSl, 'takeProfit' | 'stopLoss'>,
): 'takeProfit' | 'stopLoss' | undefined {
  if (mark === undefined) return undefined;
  const long = side === 'LONG';
  const tp = armed.takeProfit;
  const sl = armed.stopLoss;
  if (tp !== null && (long ? mark.greaterThanOrEqualTo(tp) : mark.lessThanOrEqualTo(tp))) return 'takeProfit';
  if (sl !== null && (long ? mark.lessThanOrEqualTo(sl) : mark.greaterThanOrEqualTo(sl))) return 'stopLoss';
  return undefined;
}
