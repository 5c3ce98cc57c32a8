import { dec } from '../../domain/money.ts';
import type { SimMarket } from '../markets.ts';
import type { FundingRates } from '../prices/PriceSource.ts';
import { isolatedLiquidationPrice } from './accounting.ts';
import type { EngineCore } from './EngineCore.ts';
import { fundingPayment, nextEpoch } from './funding.ts';
import { checkCrossLiquidation } from './liquidation.ts';

/** Pays funding at every epoch boundary of the market, on the clock, until the engine stops. */
export function scheduleFunding(h: EngineCore, m: SimMarket): void {
  const now = h.clock.now();
  h.after(nextEpoch(now, m.fundingEpochMs) - now, () => {
    payFunding(h, m);
    scheduleFunding(h, m);
  });
}

/** This epoch's rates: the price source's when it gives them, else the catalog's. */
export function fundingRates(h: EngineCore, m: SimMarket): FundingRates {
  return (
    h.prices.funding?.(m.spec.symbol, h.clock.now()) ?? {
      long: m.fundingRateLong,
      short: m.fundingRateShort,
    }
  );
}

/** One epoch: every live position pays (or receives) funding at the mark; then cross accounts are checked. */
export function payFunding(h: EngineCore, m: SimMarket): void {
  const rates = fundingRates(h, m);
  const w = h.watchOfSymbol(m.spec.symbol);
  if (w.live.size === 0) return;
  const mark = dec(h.markOf(m.spec.symbol));
  for (const q of w.live.toArray()) {
    const paid = fundingPayment(q, mark, rates);
    q.accumulatedFunding = q.accumulatedFunding.plus(paid);
    if (q.marginMode === 'cross') q.subaccount.collateral = q.subaccount.collateral.minus(paid);
    q.updatedAt = h.clock.now();
  }
  w.rebuild(isolatedLiquidationPrice);
  checkCrossLiquidation(h, w, m.spec.symbol, h.markOf(m.spec.symbol));
}
