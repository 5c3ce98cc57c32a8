import { ClientRequestId, type IntentId, type QuoteId, type StrategyId } from '../domain/ids.ts';
import { openQuantity, type Position } from '../domain/position.ts';
import type { RequestRecord } from '../domain/request.ts';
import type { PositionLedger } from './PositionLedger.ts';

/**
 * close-all-positions answers one item per OPENED position in the venue's list order, so one
 * close request per listed row is journaled, in that order, before the call.
 */
export function closeAllRecords(
  rows: readonly Position[],
  intentId: IntentId,
  strategyId: StrategyId | null,
  ledger: PositionLedger,
  now: number,
): RequestRecord[] {
  return rows.map((p, i) => ({
    clientRequestId: ClientRequestId(`cr_${intentId.replace(/^in_/, '')}_${i}`),
    intentId,
    strategyId: (strategyId ?? ledger.lot(`q:${p.quoteId}`)?.strategyId ?? 'killswitch') as StrategyId,
    kind: 'close',
    symbol: p.symbol,
    side: p.side,
    quantity: openQuantity(p),
    quoteId: p.quoteId as QuoteId,
    params: {
      closeAll: true,
      quoteId: p.quoteId,
      quantityToClose: openQuantity(p).toString(),
      orderType: 'MARKET',
    },
    status: 'CREATED',
    createdAt: now,
    updatedAt: now,
  }));
}
