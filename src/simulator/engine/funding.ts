import type { Decimal } from '../../domain/money.ts';
import type { FundingRates } from '../prices/PriceSource.ts';
import type { Quote } from './state.ts';

/** The next epoch boundary strictly after `now` (epochs are aligned to the Unix epoch). */
export function nextEpoch(now: number, epochMs: number): number {
  return Math.floor(now / epochMs) * epochMs + epochMs;
}

/** What the position pays for one epoch (negative: receives): open quantity × mark × its side's rate. */
export function fundingPayment(q: Quote, mark: Decimal, rates: FundingRates): Decimal {
  return q.quantity
    .minus(q.closedAmount)
    .times(mark)
    .times(q.side === 'LONG' ? rates.long : rates.short);
}
