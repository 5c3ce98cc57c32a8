import { VenueFacts } from '../src/domain/venueFacts.ts';
import type { BacktestWorld } from './BacktestWorld.ts';
import type { VenueCloseOf } from './tradesFromFills.ts';

/** The venue's own account of a position it closed (TP/SL or liquidation), read from the engine. */
export function venueCloseReader(world: BacktestWorld): VenueCloseOf {
  const platform = VenueFacts.platformFeeRate.toNumber();
  return (quoteId) => {
    // The engine forgets old positions (a bounded history) but keeps their outcome.
    const q = world.sim.engine.quoteOutcome(quoteId);
    if (q === undefined) return undefined;
    return {
      realizedPnl: q.realizedPnl,
      feeRate: q.status === 'LIQUIDATED' ? platform : platform + q.market.spec.hedgerFeeClose.toNumber(),
    };
  };
}
