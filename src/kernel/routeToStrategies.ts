import type { Subscription } from 'rxjs';
import { exactNumber } from '../domain/exactNumber.ts';
import type { Executor } from '../execution/Executor.ts';
import type { StrategyFill, StrategyRequestUpdate } from '../strategy/defineStrategy.ts';

/** Where strategy news goes: the live StrategyStage, or the backtest's runners. */
export interface StrategyRoutes {
  /** Whether the strategy has the hook: news nobody hears is not built (a fill's amounts as numbers, per fill). */
  hears(strategyId: string, hook: 'onFill' | 'onRequestUpdate'): boolean;
  onFill(strategyId: string, fill: StrategyFill): void;
  onRequestUpdate(strategyId: string, update: StrategyRequestUpdate): void;
}

/**
 * Tells each strategy what happened to its own orders: `onFill` for every fill booked to it and
 * `onRequestUpdate` for every status move of its requests (and `DENIED` for an intent the gate
 * refused), after the ledger has them.
 */
export function routeToStrategies(ex: Executor, stage: StrategyRoutes): Subscription {
  return ex.events$.subscribe((e) => {
    if (e.type === 'fillApplied') {
      const f = e.fill;
      if (f.strategyId === null || f.clientRequestId === null || !stage.hears(f.strategyId, 'onFill')) return;
      const r = ex.journal.get(f.clientRequestId);
      if (r === undefined) return;
      stage.onFill(f.strategyId, {
        market: f.symbol,
        intentId: r.intentId,
        kind: f.effect,
        side: f.side,
        quantity: exactNumber(f.quantity),
        price: exactNumber(f.price),
        at: f.ts,
      });
    } else if (e.type === 'intentDenied') {
      // A denied intent never becomes a request; its strategy still hears that it will not happen.
      const i = e.intent;
      if (!stage.hears(i.strategyId, 'onRequestUpdate')) return;
      stage.onRequestUpdate(i.strategyId, {
        intentId: i.intentId,
        clientRequestId: '',
        market: 'symbol' in i ? i.symbol : '',
        status: 'DENIED',
        at: ex.clock.now(),
      });
    } else if (e.type === 'requestTransition') {
      const r = e.record;
      if (!stage.hears(r.strategyId, 'onRequestUpdate')) return;
      stage.onRequestUpdate(r.strategyId, {
        intentId: r.intentId,
        clientRequestId: r.clientRequestId,
        market: r.symbol,
        status: e.to,
        at: r.updatedAt,
      });
    }
  });
}
