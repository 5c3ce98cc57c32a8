import type { Subscription } from 'rxjs';
import type { Fill } from '../domain/fill.ts';
import { StrategyId } from '../domain/ids.ts';
import type { Executor } from '../execution/Executor.ts';
import { lotKeyOf } from '../execution/PositionLedger.ts';
import type { StrategyBook, StrategyPosition, StrategyRequest } from '../strategy/StrategyBook.ts';

/**
 * What strategies read of the executor, in plain numbers: their own open lots (with the open
 * intent that made each, so a strategy can name it in a close) and their requests still open at
 * the venue. Lot → intent comes from the fills: rebuilt from the journal at start, then kept up
 * from the executor's fill events until `close`.
 */
export class ExecutorBook implements StrategyBook {
  private readonly ex: Executor;
  private readonly intentOfLot = new Map<string, string>();
  private readonly fills: Subscription;

  constructor(ex: Executor) {
    this.ex = ex;
    for (const f of ex.journal.fills()) this.onFill(f);
    this.fills = ex.events$.subscribe((e) => e.type === 'fillApplied' && this.onFill(e.fill));
  }

  close(): void {
    this.fills.unsubscribe();
  }

  private onFill(fill: Fill): void {
    if (fill.effect !== 'open' || fill.clientRequestId === null) return;
    const key = lotKeyOf(fill);
    if (this.intentOfLot.has(key)) return;
    const r = this.ex.journal.get(fill.clientRequestId);
    if (r !== undefined) this.intentOfLot.set(key, r.intentId);
  }

  positions(strategyId: string): readonly StrategyPosition[] {
    return this.ex.ledger
      .openLots(StrategyId(strategyId))
      .filter((l) => l.openQuantity.isPositive())
      .map((l) => {
        const intentId = this.intentOfLot.get(l.key);
        return {
          market: l.symbol,
          side: l.side,
          quantity: l.openQuantity.toNumber(),
          entryPrice: l.avgOpenPrice.toNumber(),
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
        quantity: o.quantity.toNumber(),
        ...(o.orderType === 'LIMIT' && limit !== undefined ? { limitPrice: limit.toNumber() } : {}),
      });
    }
    return out;
  }
}
