import type { MarketSpec } from '../domain/market.ts';
import { ZERO } from '../domain/money.ts';
import { VenueFacts } from '../domain/venueFacts.ts';
import type { FeeRates } from './outcome.ts';

/** Platform fee (VenueFacts) plus the market's hedger fee, on open and on close. */
export function feeRatesOf(m: MarketSpec | undefined): FeeRates {
  return {
    open: VenueFacts.platformFeeRate.plus(m?.hedgerFeeOpen ?? ZERO),
    close: VenueFacts.platformFeeRate.plus(m?.hedgerFeeClose ?? ZERO),
  };
}
