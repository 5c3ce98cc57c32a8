import type { BacktestWorld } from './BacktestWorld.ts';

/**
 * Throws when anything asked the backtest's engine about a record its bounded history had
 * forgotten (BACKTEST_HISTORY): the executor treats a failed venue call as no answer, so the run
 * went on, and its result may differ from one where the record was still known.
 */
export function checkHistory(world: BacktestWorld): void {
  const { count, ids } = world.sim.engine.forgottenLookups();
  if (count > 0)
    throw new Error(
      `backtest: the venue was asked ${count} time(s) about requests or positions its engine had already forgotten (${ids.join(', ')}); the result may be wrong. Raise BACKTEST_HISTORY (backtest/backtestEdges.ts).`,
    );
}
