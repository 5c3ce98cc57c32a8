import { exactNumber } from '../src/domain/exactNumber.ts';
import type { Decimal } from '../src/domain/money.ts';
import type { BacktestWorld } from './BacktestWorld.ts';

/**
 * The account's equity in floats, read once per bar: collateral (converted only when it changed)
 * plus the cross exposures' unrealised PnL from the engine's float mirrors, plus what isolated
 * positions hold. The Decimal balance sheet is exact but costs microseconds a bar; the final
 * equity is taken from it.
 */
export function equityReader(world: BacktestWorld): () => number {
  const { account, sim } = world;
  const engine = sim.engine;
  const isolated = world.markets.some((m) => m.spec.marginMode === 'isolated');
  let seen: Decimal | undefined;
  let collateral = 0;
  return () => {
    if (account.collateral !== seen) {
      seen = account.collateral;
      collateral = exactNumber(seen);
    }
    let equity = collateral;
    // No position: no iterator to make (a flat book's bars are most of some backtests).
    if (account.exposures.size > 0)
      for (const e of account.exposures.values()) {
        if (e.nNet === 0 && e.nCost === 0) continue;
        equity += (engine.mark(e.market.spec.symbol)?.mark ?? 0) * e.nNet - e.nCost;
      }
    if (isolated)
      for (const q of engine.positions(account))
        if (q.marginMode === 'isolated' && q.openedPrice !== null)
          equity += q.margin.minus(q.accumulatedFunding).plus(engine.unrealizedPnl(q)).toNumber();
    return equity;
  };
}
