import { openQuantity, type Position } from '../domain/position.ts';
import type { RequestRecord } from '../domain/request.ts';
import { isLive } from './positionMatch.ts';
import type { ReconcileHost } from './reconcileHost.ts';

/**
 * The status endpoint can be wrong; the positions list is the authority on exposure. An open the
 * poll called FAILED whose tempId or quoteId is on a live venue position did execute: it is
 * settled RECONCILED_EXECUTED (the status table's one correction of a terminal state), its fill
 * booked once from the position, and a critical alert raised. Other refusals cannot be corrected
 * by the table; their positions are left for adoptExternals, which adopts and alerts.
 */
export function settleContradicted(ex: ReconcileHost, positions: readonly Position[]): number {
  const failed = new Map<string, RequestRecord>();
  for (const r of ex.journal.all())
    if (r.kind === 'open' && r.status === 'FAILED') {
      if (r.tempId !== undefined) failed.set(`t:${r.tempId}`, r);
      if (r.quoteId !== undefined) failed.set(`q:${r.quoteId}`, r);
    }
  if (failed.size === 0) return 0;
  let settled = 0;
  for (const p of positions) {
    if (!isLive(p) || p.openedPrice === null) continue;
    const r =
      (p.tempId === null ? undefined : failed.get(`t:${p.tempId}`)) ??
      (p.quoteId === null ? undefined : failed.get(`q:${p.quoteId}`));
    if (r === undefined || ex.journal.get(r.clientRequestId)?.status !== 'FAILED') continue;
    ex.move([
      {
        id: r.clientRequestId,
        to: 'RECONCILED_EXECUTED',
        patch: {
          ...(p.quoteId === null ? {} : { quoteId: p.quoteId }),
          filledQuantity: p.quantity,
          avgPrice: p.openedPrice,
          venueStatus: p.status,
        },
        note: 'the status poll said FAILED; the positions list shows the open',
      },
    ]);
    ex.fillFromPosition(r, p.quoteId, p.quantity, p.openedPrice);
    ex.alert(
      'critical',
      'STATUS_CONTRADICTED',
      `${r.clientRequestId} was reported FAILED but the venue holds its position ${p.quoteId} (${p.symbol} ${p.side} ${openQuantity(p)}): booked as executed`,
    );
    settled++;
  }
  return settled;
}
