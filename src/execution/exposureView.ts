import { exactNumber } from '../domain/exactNumber.ts';
import type { StrategyId } from '../domain/ids.ts';
import { type Decimal, ZERO } from '../domain/money.ts';
import type { RequestRecord } from '../domain/request.ts';
import type { ExposureView } from '../risk/RiskGate.ts';
import type { ExposureIndex } from './exposureIndex.ts';
import type { PositionLedger } from './PositionLedger.ts';

const mine = (r: RequestRecord, strategy: StrategyId | undefined): boolean =>
  strategy === undefined || r.strategyId === strategy;

/**
 * What the risk gate sees: the ledger's positions plus every open not yet terminal, at full size.
 * Asked on every open intent, so each answer is one pass over the few pending opens, no arrays.
 */
export function createExposureView(ledger: PositionLedger, index: ExposureIndex): ExposureView {
  const inFlightOpens = (strategy?: StrategyId): number => {
    let n = 0;
    for (const r of index.pending()) if (mine(r, strategy)) n++;
    return n;
  };
  return {
    openPositions: (strategy) => ledger.openCount(strategy) + inFlightOpens(strategy),
    inFlightOpens,
    notional: (strategy) => {
      // The pending opens summed first, in order, then added: the sum a gate check has always made.
      let pending: Decimal | undefined;
      for (const r of index.pending()) {
        if (!mine(r, strategy)) continue;
        const mark = ledger.markPrice(r.symbol);
        const value = r.quantity === undefined || mark === undefined ? ZERO : r.quantity.times(mark);
        pending = pending === undefined ? value : pending.plus(value);
      }
      const open = ledger.openNotional(strategy);
      return pending === undefined ? open : open.plus(pending);
    },
    markPrice: (symbol) => ledger.markPrice(symbol),
    isMarketUnresolved: (symbol) => index.isMarketUnresolved(symbol),
    approx: {
      // The same sum in floats; a pending open without a quantity or a mark counts 0, as above.
      notional: (strategy) => {
        let total = ledger.approxOpenNotional(strategy);
        if (total === undefined) return undefined;
        for (const r of index.pending()) {
          if (!mine(r, strategy) || r.quantity === undefined) continue;
          const mark = ledger.marks.number(r.symbol);
          if (mark !== undefined) total += exactNumber(r.quantity) * mark;
        }
        return total;
      },
      mark: (symbol) => ledger.marks.number(symbol),
    },
  };
}
