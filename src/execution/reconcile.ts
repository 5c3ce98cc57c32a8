import type { Fill } from '../domain/fill.ts';
import { FillId, MarketSymbol, QuoteId, type StrategyId } from '../domain/ids.ts';
import { type Decimal, dec, ZERO } from '../domain/money.ts';
import { openQuantity, type Position } from '../domain/position.ts';
import type { RequestRecord } from '../domain/request.ts';
import { isTerminalVenueStatus } from '../domain/venueStatus.ts';
import { AuthError, PermissionError } from '../errors/venueErrors.ts';
import { describeError } from '../log/redact.ts';
import type { Executor } from './Executor.ts';

export interface ReconcileResult {
  readonly ok: boolean;
  readonly error?: string;
  readonly resolved: number;
  readonly adopted: number;
  readonly converged: number;
}

/** A position that carries exposure (an open that filled and is not fully closed). */
function isLive(p: Position): boolean {
  return (
    p.quoteId !== null &&
    (p.status === 'OPENED' || p.status === 'CLOSE_PENDING' || p.status === 'CANCEL_CLOSE_PENDING')
  );
}

const fingerprint = (symbol: string, side: string | undefined, qty: Decimal | undefined): string =>
  `${symbol}|${side ?? ''}|${qty?.toString() ?? ''}`;

/** First sighting of a lot that disagrees with the venue, per lot key (scenario 6's window). */
const mismatchSince = new WeakMap<Executor, Map<string, number>>();

/**
 * Settles the journal against GET /v1/positions/all, the authority on exposure
 * (reliability.md A7, scenarios 1-3, 6-9). A failed or malformed read voids the cycle: nothing
 * changes, and nothing is inferred from absence.
 */
export async function reconcile(ex: Executor): Promise<ReconcileResult> {
  const none = { resolved: 0, adopted: 0, converged: 0 };
  if (!ex.alive()) return { ok: false, error: 'executor stopped', ...none };
  let positions: readonly Position[];
  try {
    positions = await ex.venue.positions();
  } catch (e) {
    if (!ex.alive()) return { ok: false, error: 'executor stopped', ...none };
    if (e instanceof AuthError) ex.gate.authFailure(describeError(e));
    else if (e instanceof PermissionError) ex.haltFor('read', describeError(e));
    else ex.alert('warning', 'RECONCILE_FAILED', `positions read failed, cycle void: ${describeError(e)}`);
    return { ok: false, error: describeError(e), ...none };
  }
  if (!ex.alive()) return { ok: false, error: 'executor stopped', ...none };
  await refreshMarks(ex, positions);
  if (!ex.alive()) return { ok: false, error: 'executor stopped', ...none };
  const resolved = await settleUnknowns(ex, positions);
  if (!ex.alive()) return { ok: false, error: 'executor stopped', resolved, adopted: 0, converged: 0 };
  const converged = convergeLots(ex, positions);
  const adopted = adoptExternals(ex, positions);
  ex.gate.checkExposureCap(ex.ledger.summary().notional);
  return { ok: true, resolved, adopted, converged };
}

async function refreshMarks(ex: Executor, positions: readonly Position[]): Promise<void> {
  const symbols = new Set<string>([
    ...positions.map((p) => p.symbol as string),
    ...ex.ledger.openLots().map((l) => l.symbol),
  ]);
  if (symbols.size === 0) return;
  try {
    for (const t of await ex.venue.markPrices([...symbols].map(MarketSymbol)))
      ex.ledger.mark(t.symbol, dec(t.mark));
  } catch {
    // Marks are for PnL and limits only; the reconciliation itself does not need them.
  }
}

async function settleUnknowns(ex: Executor, positions: readonly Position[]): Promise<number> {
  const now = ex.clock.now();
  const o = ex.options.reconcile;
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
    if (r.tempId === undefined) continue;
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
          ex.tracker.track(ex.journal.get(r.clientRequestId) as RequestRecord);
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
    reqs.forEach((r, i) => {
      const row = rows[i];
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
    const lot = ex.ledger.lot(`q:${quoteId}`);
    const row = byQuote.get(quoteId);
    if (row !== undefined && (row.status === 'CLOSE_PENDING' || row.status === 'CANCEL_CLOSE_PENDING'))
      continue;
    const ledgerOpen = lot?.openQuantity ?? ZERO;
    const venueOpen = row === undefined ? ZERO : openQuantity(row);
    let delta = ledgerOpen.minus(venueOpen);
    for (const r of reqs.sort((a, b) => a.createdAt - b.createdAt)) {
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

/** An unknown open found in the positions list: executed if filled, else back to polling. */
function resolveOpenFromRow(ex: Executor, r: RequestRecord, row: Position): boolean {
  if (
    isLive(row) ||
    (row.quoteId !== null &&
      row.status !== 'PENDING' &&
      row.status !== 'LOCKED' &&
      row.status !== 'CANCEL_PENDING')
  ) {
    ex.move([
      {
        id: r.clientRequestId,
        to: 'RECONCILED_EXECUTED',
        patch: {
          ...(row.tempId === null ? {} : { tempId: row.tempId }),
          ...(row.quoteId === null ? {} : { quoteId: row.quoteId }),
          filledQuantity: row.quantity,
          avgPrice: row.openedPrice,
          venueStatus: row.status,
        },
        note: 'positions list shows the open',
      },
    ]);
    ex.fillFromPosition(r, row.quoteId, row.quantity, row.openedPrice);
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
  ex.tracker.track(back as RequestRecord);
  return false;
}

/** Scenario 9: the venue shows less than the ledger (liquidation, manual close, TP/SL). */
function convergeLots(ex: Executor, positions: readonly Position[]): number {
  const now = ex.clock.now();
  let seen = mismatchSince.get(ex);
  if (seen === undefined) {
    seen = new Map();
    mismatchSince.set(ex, seen);
  }
  const byQuote = new Map(positions.filter((p) => p.quoteId !== null).map((p) => [p.quoteId as string, p]));
  const busy = new Set(
    ex.journal
      .nonTerminal()
      .filter((r) => r.quoteId !== undefined)
      .map((r) => r.quoteId as string),
  );
  let converged = 0;
  for (const lot of ex.ledger.openLots()) {
    if (!lot.key.startsWith('q:')) continue;
    const quoteId = lot.key.slice(2);
    const row = byQuote.get(quoteId);
    if (row !== undefined) ex.ledger.setFunding(lot.key, row.accumulatedFunding);
    if (busy.has(quoteId)) {
      seen.delete(lot.key);
      continue;
    }
    const venueOpen = row === undefined || !isLive(row) ? ZERO : openQuantity(row);
    const diff = lot.openQuantity.minus(venueOpen);
    if (diff.isZero()) {
      seen.delete(lot.key);
      continue;
    }
    const first = seen.get(lot.key) ?? now;
    seen.set(lot.key, first);
    if (now - first < ex.options.reconcile.convergenceMs) continue;
    seen.delete(lot.key);
    if (diff.lessThan(0)) {
      ex.gate.haltMarket(
        lot.symbol,
        `venue shows ${venueOpen} open on quote ${quoteId}, the journal ${lot.openQuantity}`,
      );
      continue;
    }
    const price = ex.ledger.markPrice(lot.symbol) ?? lot.avgOpenPrice;
    const fill: Fill = {
      fillId: FillId(`recon:${quoteId}:${venueOpen.toString()}`),
      clientRequestId: null,
      strategyId: lot.strategyId,
      quoteId: QuoteId(quoteId),
      symbol: MarketSymbol(lot.symbol),
      side: lot.side,
      effect: 'close',
      quantity: diff,
      price,
      fee: ZERO,
      ts: now,
    };
    ex.applyFill(fill);
    converged++;
    ex.alert(
      'critical',
      'RECONCILED_CLOSE',
      `quote ${quoteId} (${lot.symbol} ${lot.side}) reduced by ${diff} outside perpflow (liquidation, TP/SL or manual); journal converged to the venue`,
    );
  }
  return converged;
}

/** Scenario 8: positions the journal cannot explain are adopted as external, alerted, not traded. */
function adoptExternals(ex: Executor, positions: readonly Position[]): number {
  const claimed = new Set(
    ex.journal
      .all()
      .filter((r) => r.kind === 'open' && r.tempId !== undefined)
      .map((r) => r.tempId as string),
  );
  const pendingFingerprints = new Set(
    ex.journal
      .nonTerminal()
      .filter((r) => r.kind === 'open' && r.tempId === undefined)
      .map((r) => fingerprint(r.symbol, r.side, r.quantity)),
  );
  let adopted = 0;
  for (const p of positions) {
    if (!isLive(p) || (p.tempId !== null && claimed.has(p.tempId))) continue;
    const key = `q:${p.quoteId}`;
    if (ex.ledger.lot(key) !== undefined) continue;
    // An open of ours still waiting for its 201 may already be filled: do not adopt it away.
    if (pendingFingerprints.has(fingerprint(p.symbol, p.side, p.quantity))) continue;
    const qty = openQuantity(p);
    const first = ex.journal.upsertExternal({
      positionKey: p.quoteId as string,
      symbol: p.symbol,
      side: p.side,
      quantity: qty.toString(),
    });
    ex.applyFill({
      fillId: FillId(`ext:${p.quoteId}`),
      clientRequestId: null,
      strategyId: null as StrategyId | null,
      quoteId: p.quoteId,
      symbol: p.symbol,
      side: p.side,
      effect: 'open',
      quantity: qty,
      price: p.openedPrice,
      fee: ZERO,
      ts: ex.clock.now(),
    });
    adopted++;
    if (first) {
      ex.emit({
        type: 'externalPositionAdopted',
        positionKey: p.quoteId as string,
        symbol: p.symbol,
        side: p.side,
        quantity: qty.toString(),
      });
      ex.alert(
        'critical',
        'EXTERNAL_POSITION',
        `venue position ${p.quoteId} (${p.symbol} ${p.side} ${qty}) is not in the journal: adopted as external, not traded`,
      );
    }
  }
  return adopted;
}
