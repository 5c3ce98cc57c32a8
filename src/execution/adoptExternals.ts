import { FillId, type StrategyId } from '../domain/ids.ts';
import { ZERO } from '../domain/money.ts';
import { openQuantity, type Position } from '../domain/position.ts';
import type { RequestStatus } from '../domain/requestStatus.ts';
import { fingerprint, isLive } from './positionMatch.ts';
import type { ReconcileHost } from './reconcileHost.ts';

const NEVER_EXECUTED: ReadonlySet<RequestStatus> = new Set([
  'CANCELED',
  'EXPIRED',
  'REJECTED',
  'NOT_SENT',
  'RECONCILED_NOT_EXECUTED',
]);

/** Scenario 8: positions the journal cannot explain are adopted as external, alerted, not traded. */
export function adoptExternals(ex: ReconcileHost, positions: readonly Position[]): number {
  // An open of ours claims its venue position unless we booked it as never executed: a position
  // the venue holds for a refused, cancelled or expired open is exposure nobody tracks otherwise.
  const claimed = new Set(
    ex.journal
      .all()
      .filter((r) => r.kind === 'open' && r.tempId !== undefined && !NEVER_EXECUTED.has(r.status))
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
    if (p.quoteId !== null && ex.ledger.lotOfQuote(p.quoteId) !== undefined) continue;
    // An open of ours still waiting for its 201 may already be filled: do not adopt it away.
    if (pendingFingerprints.has(fingerprint(p.symbol, p.side, p.quantity))) continue;
    // Not filled yet (no price): adopt it once the venue reports the fill.
    if (p.openedPrice === null) continue;
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
