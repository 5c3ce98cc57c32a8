import { exactNumber } from '../domain/exactNumber.ts';
import { StrategyId } from '../domain/ids.ts';
import type { Executor } from '../execution/Executor.ts';
import type { StrategyBook, StrategyPosition, StrategyRequest } from '../strategy/StrategyBook.ts';

/**
 * What strategies read of the executor, in plain numbers: their own open lots (with the open
 * intent that made each, so a strategy can name it in a close) and their requests still open at
 * the venue. Lot → intent is read when asked: the lot knows the request that opened it, and the
 * journal that request's intent (no map of every lot kept up on each fill).
 */
export class ExecutorBook implements StrategyBook {
  private readonly ex: Executor;

  constructor(ex: Executor) {
    this.ex = ex;
  }

  positions(strategyId: string): readonly StrategyPosition[] {
    return this.ex.ledger
      .openLots(StrategyId(strategyId))
      .filter((l) => l.openQuantity.isPositive())
      .map((l) => {
        const intentId = l.openedBy === null ? undefined : this.ex.journal.get(l.openedBy)?.intentId;
        return {
          market: l.symbol,
          side: l.side,
          quantity: exactNumber(l.openQuantity),
          entryPrice: exactNumber(l.avgOpenPrice),
          ...(intentId === undefined ? {} : { intentId }),
          ...(l.quoteId === null ? {} : { quoteId: l.quoteId }),
        };
      });
  }

  openRequests(strategyId: string): readonly StrategyRequest[] {
    const out: StrategyRequest[] = [];
    for (const r of this.ex.journal.nonTerminal()) {
      if (r.strategyId !== strategyId) continue;
      const o = r.order;
      if (o.kind !== 'open' && o.kind !== 'close') continue;
      const limit = o.kind === 'open' ? o.limitPrice : o.closePrice;
      out.push({
        clientRequestId: r.clientRequestId,
        intentId: r.intentId,
        market: r.symbol,
        kind: o.kind,
        ...(r.side === undefined ? {} : { side: r.side }),
        quantity: exactNumber(o.quantity),
        ...(o.orderType === 'LIMIT' && limit !== undefined ? { limitPrice: exactNumber(limit) } : {}),
      });
    }
    return out;
  }
}
