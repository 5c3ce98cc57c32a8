import type { Fill } from '../domain/fill.ts';
import { FillId, MarketSymbol, QuoteId } from '../domain/ids.ts';
import { ZERO } from '../domain/money.ts';
import { openQuantity, type Position } from '../domain/position.ts';
import { isLive } from './positionMatch.ts';
import type { ReconcileHost } from './reconcileHost.ts';

/**
 * Scenario 9: the venue shows less than the ledger (liquidation, manual close, TP/SL). After the
 * convergence window the ledger follows the venue with a deterministic RECONCILED_CLOSE fill;
 * the venue showing more on a known quote halts the market instead (scenario 6): never a trade.
 */
export function convergeLots(ex: ReconcileHost, positions: readonly Position[]): number {
  const now = ex.clock.now();
  const seen = ex.mismatchSince;
  const byQuote = new Map(positions.filter((p) => p.quoteId !== null).map((p) => [p.quoteId as string, p]));
  const busy = new Set(
    ex.journal
      .nonTerminal()
      .filter((r) => r.quoteId !== undefined)
      .map((r) => r.quoteId as string),
  );
  let converged = 0;
  for (const lot of ex.ledger.openLots()) {
    const quoteId = lot.quoteId;
    if (quoteId === null) continue;
    const row = byQuote.get(quoteId);
    if (row !== undefined) ex.ledger.setFunding(lot, row.accumulatedFunding);
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
    if (now - first < ex.options.convergenceMs) continue;
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
