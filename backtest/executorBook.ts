import { StrategyId } from '../src/domain/ids.ts';
import type { Executor } from '../src/execution/Executor.ts';
import type { JournalPort } from '../src/journal/JournalPort.ts';
import type { StrategyBook, StrategyPosition, StrategyRequest } from '../src/strategy/StrategyBook.ts';

/** What a strategy may read of the executor: its own open lots and its requests still in flight. */
export function executorBook(ex: Executor<JournalPort>): StrategyBook {
  return {
    positions: (id) =>
      ex.ledger.openLots(StrategyId(id)).map(
        (l): StrategyPosition => ({
          market: l.symbol,
          side: l.side,
          quantity: l.openQuantity.toNumber(),
          entryPrice: l.avgOpenPrice.toNumber(),
          ...(l.key.startsWith('q:') ? { quoteId: l.key.slice(2) } : {}),
        }),
      ),
    openRequests: (id) =>
      ex.journal
        .nonTerminal()
        .filter((r) => r.strategyId === id && (r.kind === 'open' || r.kind === 'close'))
        .map(
          (r): StrategyRequest => ({
            clientRequestId: r.clientRequestId,
            intentId: r.intentId,
            market: r.symbol,
            kind: r.kind as 'open' | 'close',
            ...(r.side === undefined ? {} : { side: r.side }),
            quantity: r.quantity?.toNumber() ?? 0,
          }),
        ),
  };
}
