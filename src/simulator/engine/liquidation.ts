import { dec, ZERO } from '../../domain/money.ts';
import type { EngineCore } from './EngineCore.ts';
import { realize, retire } from './fills.ts';
import type { SymbolWatch } from './SymbolWatch.ts';
import type { Quote } from './state.ts';
import { isUnderwater } from './triggers.ts';

/** Liquidates every cross position of each subaccount on this symbol whose equity fell below maintenance. */
export function checkCrossLiquidation(h: EngineCore, w: SymbolWatch): void {
  for (const sub of w.crossSubs)
    if (isUnderwater(sub, h.ledger.collateralNumber(sub), h.markOf))
      liquidate(
        h,
        sub.live.toArray().filter((x) => x.marginMode === 'cross' && x.openedPrice),
      );
}

/** Closes positions at the mark with status LIQUIDATED; cross collateral never goes below zero. */
export function liquidate(h: EngineCore, quotes: readonly Quote[]): void {
  for (const q of quotes) {
    const mark = dec(h.markOf(q.market.spec.symbol));
    const pending = q.closeRequest;
    if (q.marginMode === 'isolated') {
      // The virtual account loses its margin; nothing flows back to the cross collateral.
      q.closedAmount = q.quantity;
      q.margin = ZERO;
    } else {
      realize(h, q, q.quantity.minus(q.closedAmount), mark, ZERO);
      if (q.subaccount.collateral.isNegative()) q.subaccount.collateral = ZERO;
    }
    retire(h, q, 'LIQUIDATED');
    if (pending) h.finish(pending, 'LIQUIDATED', 'the position was liquidated');
  }
}
