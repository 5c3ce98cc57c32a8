import { ZERO } from '../domain/money.ts';
import { openQuantity, type Position } from '../domain/position.ts';
import type { RequestRecord } from '../domain/request.ts';
import { isLimitOrder } from '../domain/requestOrder.ts';
import { isTerminalVenueStatus } from '../domain/venueStatus.ts';
import { fingerprint, isLive } from './positionMatch.ts';
import type { ReconcileHost } from './reconcileHost.ts';

/**
 * Unknown requests settled from the positions list (scenarios 1-4, 13): by tempId, by asking the
 * status endpoint once more, then by fingerprint; with no trace after the settle window, not
 * executed. Never by sending again.
 */
export async function settleUnknowns(
  ex: ReconcileHost,
  positions: readonly Position[],
  readAt: number = ex.clock.now(),
): Promise<number> {
  // The list shows the venue as of its read, not as of its (possibly late) answer: the settle
  // window is judged at the read, or a slow answer makes a fresh request look long settled.
  const now = readAt;
  const o = ex.options;
  const all = ex.journal.all();
  const claimedTemp = new Set(
    all.filter((r) => r.kind === 'open' && r.tempId !== undefined).map((r) => r.tempId as string),
  );
  const externalKeys = new Set(ex.journal.externals().map((e) => e.positionKey));
  const byTemp = new Map(positions.filter((p) => p.tempId !== null).map((p) => [p.tempId as string, p]));
  const byQuote = new Map(positions.filter((p) => p.quoteId !== null).map((p) => [p.quoteId as string, p]));
  const unknown = ex.journal.nonTerminal().filter((r) => r.status === 'UNKNOWN');
  let resolved = 0;
  const settled = (r: RequestRecord): boolean => now - (r.submittedAt ?? r.createdAt) >= o.unknownSettleMs;
  const notExecuted = (r: RequestRecord, why: string): void => {
    ex.move([{ id: r.clientRequestId, to: 'RECONCILED_NOT_EXECUTED', note: why }]);
    resolved++;
  };

  // Requests whose tempId we know: ask their own status once more; the venue may know the end.
  for (const r of unknown) {
    // A TP/SL set has no tempId and no poll: settleTpSl.ts reads the venue's TP/SL instead.
    if (r.tempId === undefined || r.kind === 'setTpSl') continue;
    const row =
      r.kind === 'open'
        ? (byTemp.get(r.tempId) ?? (r.quoteId ? byQuote.get(r.quoteId) : undefined))
        : undefined;
    if (row !== undefined) {
      resolved += resolveOpenFromRow(ex, r, row) ? 1 : 0;
      continue;
    }
    try {
      const rep = await ex.venue.requestStatus(r.kind, r.tempId);
      if (!ex.alive()) return resolved;
      if (rep !== null) {
        const terminal = isTerminalVenueStatus(r.kind, rep.status);
        ex.applyReport(r, rep, terminal, true);
        if (terminal) resolved++;
        else if (ex.journal.get(r.clientRequestId)?.status === 'ACCEPTED')
          ex.track(ex.journal.get(r.clientRequestId) as RequestRecord);
        continue;
      }
    } catch {
      if (!ex.alive()) return resolved;
      continue; // an error is not an answer
    }
    if (r.kind === 'open' && settled(r))
      notExecuted(r, 'not in the positions list and unknown to the status endpoint');
  }

  // Opens without a tempId: match by fingerprint (market, side, size, time) against unclaimed rows.
  const blind = unknown.filter(
    (r) =>
      r.kind === 'open' && r.tempId === undefined && ex.journal.get(r.clientRequestId)?.status === 'UNKNOWN',
  );
  const groups = new Map<string, RequestRecord[]>();
  for (const r of blind) {
    const k = fingerprint(r.symbol, r.side, r.quantity);
    groups.set(k, [...(groups.get(k) ?? []), r]);
  }
  // An identical open still waiting for its 201 may own one of the rows: decide next cycle.
  const inFlight = new Set(
    ex.journal
      .nonTerminal()
      .filter((r) => r.kind === 'open' && r.status === 'SUBMITTING')
      .map((r) => fingerprint(r.symbol, r.side, r.quantity)),
  );
  for (const [k, reqs] of groups) {
    if (inFlight.has(k)) continue;
    reqs.sort((a, b) => (a.submittedAt ?? 0) - (b.submittedAt ?? 0));
    const first = reqs[0] as RequestRecord;
    const last = reqs[reqs.length - 1] as RequestRecord;
    const rows = positions
      .filter(
        (p) =>
          p.tempId !== null &&
          !claimedTemp.has(p.tempId) &&
          !externalKeys.has(p.quoteId ?? p.tempId) &&
          fingerprint(p.symbol, p.side, p.quantity) === k &&
          p.createdAt >= (first.submittedAt ?? first.createdAt) - 2_000 &&
          p.createdAt <= (last.submittedAt ?? last.createdAt) + o.fingerprintWindowMs,
      )
      .sort((a, b) => a.createdAt - b.createdAt);
    if (rows.length > reqs.length) {
      ex.gate.haltMarket(
        first.symbol,
        `${rows.length} venue positions match ${reqs.length} unknown request(s) by fingerprint`,
      );
      continue;
    }
    // A pending row may be a MARKET's not filled yet or a resting LIMIT's: wait for the fill to tell.
    if (cannotTellApart(reqs, rows) && !reqs.every(settled)) continue;
    const pairs = pairByOrderType(reqs, rows);
    reqs.forEach((r, i) => {
      const row = pairs[i];
      if (row !== undefined) {
        claimedTemp.add(row.tempId as string);
        ex.journal.update(r.clientRequestId, { tempId: row.tempId as RequestRecord['tempId'] & string });
        resolved += resolveOpenFromRow(ex, ex.journal.get(r.clientRequestId) as RequestRecord, row) ? 1 : 0;
      } else if (settled(r)) notExecuted(r, 'no matching venue position within the settle window');
    });
  }

  // Closes: the venue's closed amount on the quote says whether they took effect.
  const closes = ex.journal.nonTerminal().filter((r) => r.status === 'UNKNOWN' && r.kind === 'close');
  const byQuoteReq = new Map<string, RequestRecord[]>();
  for (const r of closes)
    byQuoteReq.set(r.quoteId as string, [...(byQuoteReq.get(r.quoteId as string) ?? []), r]);
  for (const [quoteId, reqs] of byQuoteReq) {
    const lot = ex.ledger.lotOfQuote(quoteId);
    const row = byQuote.get(quoteId);
    if (row !== undefined && (row.status === 'CLOSE_PENDING' || row.status === 'CANCEL_CLOSE_PENDING'))
      continue;
    const ledgerOpen = lot?.openQuantity ?? ZERO;
    const venueOpen = row === undefined ? ZERO : openQuantity(row);
    let delta = ledgerOpen.minus(venueOpen);
    for (const r of reqs.sort((a, b) => a.createdAt - b.createdAt)) {
      // A missing row is evidence only after the settle window: a lagging list omits young positions.
      if (row === undefined && !settled(r)) continue;
      if (delta.greaterThan(0)) {
        const q = delta.lessThan(r.quantity ?? ZERO) ? delta : (r.quantity ?? ZERO);
        delta = delta.minus(q);
        const price = ex.ledger.markPrice(r.symbol) ?? lot?.avgOpenPrice ?? ZERO;
        ex.move([
          {
            id: r.clientRequestId,
            to: 'RECONCILED_EXECUTED',
            patch: { filledQuantity: q, avgPrice: price },
            note: 'positions list shows the close',
          },
        ]);
        ex.fillFromPosition(r, quoteId, q, price);
        resolved++;
      } else if (settled(r)) notExecuted(r, 'the position shows no close');
    }
  }

  // Cancels settle themselves through their target; after the settle window they are moot.
  for (const r of ex.journal.nonTerminal()) {
    if (r.status === 'UNKNOWN' && (r.kind === 'cancelOpen' || r.kind === 'cancelClose') && settled(r))
      notExecuted(r, 'cancel outcome settled through its target');
  }
  return resolved;
}

/**
 * Rows for `reqs` (both in time order). The list does not say a row's order type, and late
 * arrivals can create rows in another order than the sends: a MARKET request takes a filled row
 * first and a LIMIT one a row still pending, then what is left goes by time. Matched by time
 * alone, a MARKET request could take a resting LIMIT's row and be polled for ever.
 */
function pairByOrderType(
  reqs: readonly RequestRecord[],
  rows: readonly Position[],
): (Position | undefined)[] {
  const free = [...rows];
  const take = (pick: (p: Position) => boolean): Position | undefined => {
    const i = free.findIndex(pick);
    return i < 0 ? undefined : free.splice(i, 1)[0];
  };
  const isLimit = (r: RequestRecord): boolean => isLimitOrder(r.order);
  const out = reqs.map((r) =>
    take(isLimit(r) ? (p) => p.openedPrice === null : (p) => p.openedPrice !== null),
  );
  return out.map((row) => row ?? take(() => true));
}

/**
 * Whether pairing would have to guess: MARKET and LIMIT requests alike, a MARKET request without a
 * filled row to take, and a pending row that may be that MARKET's (its fill is seconds away) or a
 * resting LIMIT's. A guess that gives the MARKET request the LIMIT's row polls it for ever.
 */
function cannotTellApart(reqs: readonly RequestRecord[], rows: readonly Position[]): boolean {
  const limits = reqs.filter((r) => isLimitOrder(r.order)).length;
  const markets = reqs.length - limits;
  const filled = rows.filter((p) => p.openedPrice !== null).length;
  return limits > 0 && markets > filled && rows.some((p) => p.openedPrice === null);
}

/** An unknown open found in the positions list: executed if filled, else back to polling. */
function resolveOpenFromRow(ex: ReconcileHost, r: RequestRecord, row: Position): boolean {
  const price = row.openedPrice;
  // Without a fill price the venue has not filled it yet, whatever else the row says.
  const filled =
    price !== null &&
    (isLive(row) ||
      (row.quoteId !== null &&
        row.status !== 'PENDING' &&
        row.status !== 'LOCKED' &&
        row.status !== 'CANCEL_PENDING'));
  if (filled) {
    ex.move([
      {
        id: r.clientRequestId,
        to: 'RECONCILED_EXECUTED',
        patch: {
          ...(row.tempId === null ? {} : { tempId: row.tempId }),
          ...(row.quoteId === null ? {} : { quoteId: row.quoteId }),
          filledQuantity: row.quantity,
          avgPrice: price,
          venueStatus: row.status,
        },
        note: 'positions list shows the open',
      },
    ]);
    ex.fillFromPosition(r, row.quoteId, row.quantity, price);
    return true;
  }
  const [back] = ex.move([
    {
      id: r.clientRequestId,
      to: 'ACCEPTED',
      patch: { ...(row.tempId === null ? {} : { tempId: row.tempId }), venueStatus: row.status },
      note: 'positions list shows it pending',
    },
  ]);
  ex.track(back as RequestRecord);
  return false;
}
