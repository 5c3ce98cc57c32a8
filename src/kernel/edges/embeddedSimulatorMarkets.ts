import type { PerpflowConfig } from '../../config/schema.ts';
import { defaultMarkets, type SimMarket } from '../../simulator/markets.ts';

/**
 * The markets the config trades on the embedded simulator (venue.url null), known without asking
 * anyone; undefined when it trades at venue.url (that venue lists its own) or backtests (its markets
 * are those of its data files).
 */
export function embeddedSimulatorMarkets(
  config: Pick<PerpflowConfig, 'mode' | 'venue'>,
): readonly SimMarket[] | undefined {
  return config.venue.url === null && config.mode !== 'backtest' ? defaultMarkets() : undefined;
}
