import type { MarketSpec } from '../domain/market.ts';
import { ZERO } from '../domain/money.ts';
import { VenueFacts } from '../domain/venueFacts.ts';
import type { FeeRates } from './outcome.ts';

const NO_MARKET: FeeRates = { open: VenueFacts.platformFeeRate, close: VenueFacts.platformFeeRate };
// Specs are immutable and few: the two Decimal sums are made once per spec, not once per fill.
const cache = new WeakMap<MarketSpec, FeeRates>();

/** Platform fee (VenueFacts) plus the market's hedger fee, on open and on close. */
export function feeRatesOf(m: MarketSpec | undefined): FeeRates {
  if (m === undefined) return NO_MARKET;
  let rates = cache.get(m);
  if (rates === undefined) {
    rates = {
      open: VenueFacts.platformFeeRate.plus(m.hedgerFeeOpen ?? ZERO),
      close: VenueFacts.platformFeeRate.plus(m.hedgerFeeClose ?? ZERO),
    };
    cache.set(m, rates);
  }
  return rates;
}
