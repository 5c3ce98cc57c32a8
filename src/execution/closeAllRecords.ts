import { ClientRequestId, type IntentId, type QuoteId, type StrategyId } from '../domain/ids.ts';
import { newRequest } from '../domain/newRequest.ts';
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
  return rows.map((p, i) => {
    const quantity = openQuantity(p);
    const quoteId = p.quoteId as QuoteId;
    return newRequest(
      {
        clientRequestId: ClientRequestId(`cr_${intentId.replace(/^in_/, '')}_${i}`),
        intentId,
        strategyId: (strategyId ?? ledger.lotOfQuote(quoteId)?.strategyId ?? 'killswitch') as StrategyId,
        symbol: p.symbol,
        side: p.side,
        quantity,
        quoteId,
        status: 'CREATED',
        createdAt: now,
        updatedAt: now,
      },
      { kind: 'close', closeAll: true, quoteId, quantity, orderType: 'MARKET' },
    );
  });
}
