import type { StrategyId } from '../domain/ids.ts';
import { type Decimal, sum, ZERO } from '../domain/money.ts';
import type { ExposureView } from '../risk/RiskGate.ts';
import type { ExposureIndex } from './exposureIndex.ts';
import type { PositionLedger } from './PositionLedger.ts';

/** What the risk gate sees: the ledger's positions plus every open not yet terminal, at full size. */
export function createExposureView(ledger: PositionLedger, index: ExposureIndex): ExposureView {
  const pendingNotional = (strategy?: StrategyId): Decimal =>
    sum(
      [...index.pending()]
        .filter((r) => strategy === undefined || r.strategyId === strategy)
        .map((r) => (r.quantity ?? ZERO).times(ledger.markPrice(r.symbol) ?? ZERO)),
    );
  return {
    openPositions: (strategy) =>
      ledger.openCount(strategy) +
      [...index.pending()].filter((r) => strategy === undefined || r.strategyId === strategy).length,
    inFlightOpens: (strategy) =>
      [...index.pending()].filter((r) => strategy === undefined || r.strategyId === strategy).length,
    notional: (strategy) => ledger.openNotional(strategy).plus(pendingNotional(strategy)),
    markPrice: (symbol) => ledger.markPrice(symbol),
    isMarketUnresolved: (symbol) => index.isMarketUnresolved(symbol),
  };
}
